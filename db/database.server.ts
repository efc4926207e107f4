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

// One connection per process. server.ts and the Remix server build are bundled separately, so
// the handle lives on globalThis: both halves (and dev reloads) share it instead of opening two.
const g = globalThis as typeof globalThis & { __dealershipDb?: Handle };

export function openDatabase(file: string): Handle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
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

/** The Kysely instance for the configured DATABASE_PATH. */
export function getDb(): DB {
  return handle().db;
}

/** The raw better-sqlite3 connection, for synchronous transactions. */
export function getSqlite(): Database.Database {
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
