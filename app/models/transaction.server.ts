import { type DB, getDb } from "../../db/database.server";

/**
 * One transaction for a write that spans models (a use case's): everything `fn` writes through
 * `trx` commits or rolls back together. Stands in for runWrite until the write path's own lands.
 */
export function runInTransaction<T>(fn: (trx: DB) => Promise<T>): Promise<T> {
  return getDb().transaction().execute(fn);
}
