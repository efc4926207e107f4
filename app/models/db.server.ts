import type { Kysely, Transaction } from "kysely";
import { getDb, transactionScopes } from "../../db/database.server";
import type { Database as Schema } from "../../db/schema";

/**
 * The database as a model function receives it (docs/architecture.md, The write path): the
 * connection, or the open transaction of a use case. Model functions that write take `db: Db` as
 * their first parameter and use it for every query.
 */
export type Db = Kysely<Schema> | Transaction<Schema>;

/**
 * Runs `fn` in one transaction: everything it writes through `trx` commits together, or nothing
 * does when it throws. Inside, getDb() throws (the single connection is held by `trx`), so a model
 * that forgot its `trx` fails loudly instead of waiting forever. Do slow work (image processing,
 * network calls) before or after, never inside: the connection is held while it is open.
 */
export async function inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
  const scope = { open: true };
  try {
    return await getDb()
      .transaction()
      .execute((trx) => transactionScopes().run(scope, () => fn(trx)));
  } finally {
    // Work the transaction started that outlives it (a timer, a promise) may use getDb() again.
    scope.open = false;
  }
}

/**
 * `fn` in a transaction of its own, or in the caller's when `db` already is one (Kysely cannot
 * nest them): for a model write that must be atomic whether or not a use case wraps it.
 */
export function atomically<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return inTransaction(fn);
}
