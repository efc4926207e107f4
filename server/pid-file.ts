import fs from "node:fs";
import path from "node:path";

/**
 * While the site runs it keeps `<database>.server.pid`, so tools that must not run beside it
 * (restore) can tell. A file left by a crash is recognised as stale (no such process).
 */
export function serverPidFile(databasePath: string): string {
  return `${path.resolve(databasePath)}.server.pid`;
}

export function writePidFile(databasePath: string): void {
  fs.writeFileSync(serverPidFile(databasePath), `${process.pid}\n`);
}

export function removePidFile(databasePath: string): void {
  const file = serverPidFile(databasePath);
  try {
    if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file);
  } catch {
    /* already gone */
  }
}

/** The pid of a live server on this database, or null. */
export function runningServerPid(databasePath: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(serverPidFile(databasePath), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
