// The database holds buyers' phone numbers: its file and the -wal and -shm beside it are 0600,
// like the backups, whether the install is new, older (0644 files) or just restored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBackup, restoreBackup } from "../scripts/backup/archive";
import { openDatabase } from "./database.server";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-modes-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("the database's files", () => {
  it("are created 0600, the -wal and -shm too, even under a lax umask", () => {
    const file = path.join(tempDir(), "db", "new.sqlite");
    const before = process.umask(0o022);
    try {
      const { sqlite } = openDatabase(file);
      sqlite.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('0803 000 0000')");
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
      sqlite.close();
    } finally {
      process.umask(before);
    }
  });

  it("are tightened to 0600 when an older install left them 0644", () => {
    const file = path.join(tempDir(), "old.sqlite");
    openDatabase(file).sqlite.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
    fs.writeFileSync(`${file}-shm`, "", { mode: 0o644 }); // a -shm an older run left behind
    const { sqlite } = openDatabase(file);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    sqlite.close();
  });

  it("are 0600 after a restore", async () => {
    const dir = tempDir();
    const source = path.join(dir, "live.sqlite");
    const uploads = path.join(dir, "uploads");
    fs.mkdirSync(uploads);
    const live = openDatabase(source);
    live.sqlite.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('0803 000 0000')");
    live.sqlite.close();
    const { archive } = await createBackup({
      databasePath: source,
      uploadsDir: uploads,
      backupDir: path.join(dir, "backups"),
    });
    const target = path.join(dir, "restored", "db.sqlite");
    await restoreBackup({ archive, databasePath: target, uploadsDir: path.join(dir, "restored", "uploads") });
    expect(mode(target)).toBe(0o600);
  });
});
