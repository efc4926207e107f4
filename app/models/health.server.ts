import fs from "node:fs";
import path from "node:path";
import { env } from "~/config/env.server";
import { getSqlite } from "../../db/database.server";

/** Below this much free disk the site reports itself unhealthy: uploads, the WAL and backups need room. */
const MIN_FREE_DISK_BYTES = 200 * 1024 * 1024;

export interface Health {
  ok: boolean;
  /** Every car, sold ones too; null when the database does not answer. */
  cars: number | null;
  writable: boolean;
  /** Free space for the site's user on the fullest of the database's and the uploads' disks. */
  freeDiskMB: number | null;
  /** What is wrong, in words, when not ok. */
  problems: string[];
}

/**
 * Whether the site can do its work: the database answers a query, accepts a write (tried inside
 * a transaction that is rolled back, so nothing changes), and the disk has at least
 * `minFreeBytes` free.
 */
export function siteHealth({ minFreeBytes = MIN_FREE_DISK_BYTES } = {}): Health {
  const problems: string[] = [];
  let cars: number | null = null;
  let writable = false;
  try {
    const sqlite = getSqlite();
    cars = sqlite.prepare("SELECT count(*) FROM cars").pluck().get() as number;
    try {
      sqlite.transaction(() => {
        sqlite.prepare("UPDATE catalog_version SET version = version WHERE id = 1").run();
        throw new RolledBack();
      })();
    } catch (e) {
      if (!(e instanceof RolledBack)) throw e;
      writable = true;
    }
  } catch (e) {
    problems.push(cars === null ? "Database unavailable" : `Database is not writable (${(e as Error).message})`);
  }
  const free = freeBytes([path.dirname(path.resolve(env().DATABASE_PATH)), path.resolve(env().UPLOADS_DIR)]);
  if (free === null) problems.push("Free disk space unknown");
  else if (free < minFreeBytes) problems.push(`Disk almost full: ${Math.floor(free / 1024 / 1024)} MB free`);
  return {
    ok: problems.length === 0,
    cars,
    writable,
    freeDiskMB: free === null ? null : Math.floor(free / 1024 / 1024),
    problems,
  };
}

class RolledBack extends Error {}

/** Free bytes on the fullest disk holding one of `dirs` (a folder not made yet: its nearest parent). */
function freeBytes(dirs: string[]): number | null {
  try {
    return Math.min(
      ...dirs.map((dir) => {
        let existing = dir;
        while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
        const s = fs.statfsSync(existing);
        return s.bavail * s.bsize;
      }),
    );
  } catch {
    return null;
  }
}
