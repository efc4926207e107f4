import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { env } from "../app/config/env.server";
import type { Database as Schema } from "./schema";

export type DB = Kysely<Schema>;

interface Handle {
  file: string;
  sqlite: Database.Database;
  db: DB;
}

/**
 * The open transaction of the current async context, if any (app/models/db.server.ts sets it).
 * With one SQLite connection, a query through getDb() while a transaction holds the connection
 * waits for it forever; getDb() throws instead, so a forgotten `trx` is loud.
 */
export interface TransactionScope {
  open: boolean;
}

// One connection per process. server.ts and the Remix server build are bundled separately, so
// the handle lives on globalThis: both halves (and dev reloads) share it instead of opening two.
const g = globalThis as typeof globalThis & {
  __dealershipDb?: Handle;
  __dealershipTrx?: AsyncLocalStorage<TransactionScope>;
};

/** Where the open transaction of an async context is kept (shared by both bundles, like the handle). */
export function transactionScopes(): AsyncLocalStorage<TransactionScope> {
  g.__dealershipTrx ??= new AsyncLocalStorage<TransactionScope>();
  return g.__dealershipTrx;
}

export const GET_DB_IN_TRANSACTION =
  "getDb() was called inside an open transaction: pass the transaction (`trx`) to the model instead " +
  "(the single connection is held by the transaction, so this query would wait forever)";

/**
 * The database holds buyers' phone numbers, like the backups (0600): the file is created 0600
 * before SQLite opens it (SQLite gives its -wal and -shm files the database file's mode), and an
 * older install's 0644 files are tightened at every open.
 */
function makePrivate(files: string[]): void {
  for (const f of files) {
    try {
      fs.chmodSync(f, 0o600);
    } catch (e) {
      // a -wal or -shm not there; a file of another owner stays as it is (the open decides)
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM") throw e;
    }
  }
}

export function openDatabase(file: string): Handle {
  const onDisk = file !== ":memory:" && file !== "";
  if (onDisk) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.closeSync(fs.openSync(file, "a", 0o600)); // created private if it is new
    makePrivate([file]);
  }
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  if (onDisk) makePrivate([`${file}-wal`, `${file}-shm`]);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // 2 MB of pages kept by SQLite itself (better-sqlite3's default is 16 MB): the file's pages stay
  // in the operating system's cache anyway, and a read from there costs microseconds.
  sqlite.pragma("cache_size = -2000");
  sqlite.pragma("synchronous = FULL"); // leads are the dealer's income: no lost writes on power cut
  // Fresh planner statistics for tables that grew since the last look (bounded work), so the
  // catalogue's indexes are chosen well at any stock size.
  sqlite.pragma("analysis_limit = 1000");
  sqlite.pragma("optimize = 0x10002");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { file, sqlite, db };
}

function handle(): Handle {
  const file = env().DATABASE_PATH;
  if (!g.__dealershipDb || g.__dealershipDb.file !== file) {
    if (g.__dealershipDb) g.__dealershipDb.sqlite.close();
    g.__dealershipDb = openDatabase(file);
  }
  return g.__dealershipDb;
}

/**
 * The Kysely instance for the configured DATABASE_PATH. Throws when called inside an open
 * transaction (see TransactionScope): code there must use the transaction it was given.
 */
export function getDb(): DB {
  if (transactionScopes().getStore()?.open) throw new Error(GET_DB_IN_TRANSACTION);
  return handle().db;
}

/** The raw better-sqlite3 connection, for synchronous transactions (not inside an open one, like getDb). */
export function getSqlite(): Database.Database {
  if (transactionScopes().getStore()?.open) throw new Error(GET_DB_IN_TRANSACTION);
  return handle().sqlite;
}

export function closeDatabase(): void {
  if (g.__dealershipDb) {
    g.__dealershipDb.sqlite.close();
    g.__dealershipDb = undefined;
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
