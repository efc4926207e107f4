import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { runningServerPid } from "../../server/pid-file";

/**
 * Backups of the dealer's data: one archive holding a consistent snapshot of the SQLite file
 * (SQLite's online backup API, so the site keeps serving and writing meanwhile), the uploads
 * folder and a manifest. Restore checks the snapshot before it replaces anything.
 */

const DB_ENTRY = "dealership.sqlite";
const UPLOADS_ENTRY = "uploads";
const MANIFEST_ENTRY = "manifest.json";

export interface Manifest {
  createdAt: string;
  /** When the database snapshot was started: every write acknowledged before it is inside. */
  snapshotStartedAt: string;
  sqliteVersion: string;
  tables: Record<string, number>;
  uploads: number;
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

function tableCounts(db: Database.Database): Record<string, number> {
  const names = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' " +
        "order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(names.map((n) => [n, db.prepare(`select count(*) from "${n}"`).pluck().get() as number]));
}

/** Takes a backup; returns the archive's path. */
export async function createBackup({
  databasePath,
  uploadsDir,
  backupDir,
  now = new Date(),
}: {
  databasePath: string;
  uploadsDir: string;
  backupDir: string;
  now?: Date;
}): Promise<{ archive: string; manifest: Manifest }> {
  if (!fs.existsSync(databasePath)) throw new Error(`No database at ${databasePath}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-backup-"));
  try {
    const snapshotStartedAt = new Date().toISOString();
    const source = new Database(databasePath, { fileMustExist: true });
    source.pragma("busy_timeout = 5000");
    try {
      await source.backup(path.join(work, DB_ENTRY));
    } finally {
      source.close();
    }
    const snapshot = new Database(path.join(work, DB_ENTRY));
    let manifest: Manifest;
    try {
      snapshot.pragma("journal_mode = DELETE"); // one self-contained file in the archive
      manifest = {
        createdAt: now.toISOString(),
        snapshotStartedAt,
        sqliteVersion: snapshot.prepare("select sqlite_version()").pluck().get() as string,
        tables: tableCounts(snapshot),
        uploads: 0,
      };
    } finally {
      snapshot.close();
    }
    // Uploads after the snapshot: a photo saved meanwhile is extra, never missing for a row.
    const uploads = path.join(work, UPLOADS_ENTRY);
    fs.mkdirSync(uploads);
    if (fs.existsSync(uploadsDir)) {
      for (const name of fs.readdirSync(uploadsDir)) {
        if (name.startsWith(".") || name.endsWith(".tmp")) continue;
        const from = path.join(uploadsDir, name);
        if (!fs.statSync(from).isFile()) continue;
        try {
          fs.linkSync(from, path.join(uploads, name)); // same disk: no copy needed
        } catch {
          fs.copyFileSync(from, path.join(uploads, name));
        }
        manifest.uploads++;
      }
    }
    fs.writeFileSync(path.join(work, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    // Archives hold buyers' details and the session secret: only the owner may read them.
    fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(backupDir, 0o700);
    const archive = path.resolve(backupDir, `backup-${stamp(now)}.tar.gz`);
    const partial = `${archive}.partial`;
    fs.writeFileSync(partial, "", { mode: 0o600 }); // made private before a byte is written
    fs.chmodSync(partial, 0o600);
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      MANIFEST_ENTRY,
      DB_ENTRY,
      UPLOADS_ENTRY,
    ]);
    fs.renameSync(partial, archive);
    return { archive, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive over the configured database and uploads folder. Refuses while a server
 * runs on them, and checks the snapshot (PRAGMA integrity_check) before anything is replaced.
 * The replaced files are kept beside, named *.before-restore-<time>.
 */
export async function restoreBackup({
  archive,
  databasePath,
  uploadsDir,
  now = new Date(),
}: {
  archive: string;
  databasePath: string;
  uploadsDir: string;
  now?: Date;
}): Promise<{ manifest: Manifest; keptAside: string[] }> {
  const pid = runningServerPid(databasePath);
  if (pid) throw new Error(`The site is running (process ${pid}) on ${databasePath}: stop it before restoring.`);
  if (!fs.existsSync(archive)) throw new Error(`No archive at ${archive}`);
  // Unpacked beside the database, so the final moves are renames on one disk.
  fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(databasePath)), ".restore-"));
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
    const db = path.join(work, DB_ENTRY);
    if (!fs.existsSync(db) || !fs.existsSync(path.join(work, MANIFEST_ENTRY)))
      throw new Error("This is not a backup archive of the site.");
    const manifest = JSON.parse(fs.readFileSync(path.join(work, MANIFEST_ENTRY), "utf8")) as Manifest;
    const check = new Database(db, { readonly: true });
    try {
      const result = check.prepare("pragma integrity_check").pluck().all() as string[];
      if (result.join() !== "ok") throw new Error(`The backup's database is damaged: ${result.slice(0, 3).join("; ")}`);
    } finally {
      check.close();
    }
    const keptAside: string[] = [];
    const aside = (p: string) => {
      if (!fs.existsSync(p)) return;
      const to = `${p}.before-restore-${stamp(now)}`;
      fs.renameSync(p, to);
      keptAside.push(to);
    };
    for (const suffix of ["", "-wal", "-shm"]) aside(`${databasePath}${suffix}`);
    fs.chmodSync(db, 0o600); // private like the live database and the archives
    fs.renameSync(db, databasePath);
    aside(uploadsDir);
    fs.mkdirSync(path.dirname(path.resolve(uploadsDir)), { recursive: true });
    fs.renameSync(path.join(work, UPLOADS_ENTRY), uploadsDir);
    return { manifest, keptAside };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
