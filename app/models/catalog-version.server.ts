import type { Statement } from "better-sqlite3";
import { getSqlite } from "../../db/database.server";

/**
 * The catalogue version: a counter that triggers bump on every write to cars or car_images,
 * whichever code (or tool) made it. The page cache compares it to know its pages are current.
 * Read with one prepared statement: it is asked on every cached request.
 */
let statement: { db: ReturnType<typeof getSqlite>; stmt: Statement<[], number> } | null = null;

export function catalogVersion(): number {
  const db = getSqlite();
  if (statement?.db !== db) {
    statement = { db, stmt: db.prepare<[], number>("SELECT version FROM catalog_version WHERE id = 1").pluck() };
  }
  return statement.stmt.get() ?? 0;
}

/** Moves the version by hand, for a change outside the tables whose triggers move it (files on disk). */
export function bumpCatalogVersion(): void {
  getSqlite().prepare("UPDATE catalog_version SET version = version + 1 WHERE id = 1").run();
}
