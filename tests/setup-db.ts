// Each test file gets its own SQLite file and uploads folder, migrated before its tests run;
// and every test must make at least one assertion (a test that checks nothing fails).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-test-"));
process.env.DATABASE_PATH = path.join(dir, "test.sqlite");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";
process.env.SEED_DEMO = "0";
process.env.SITE_URL = "http://shop.ng"; // the public origin absolute URLs are made from
fs.mkdirSync(process.env.UPLOADS_DIR, { recursive: true });

beforeAll(async () => {
  const { migrateToLatest } = await import("../db/migrate");
  await migrateToLatest();
});

beforeEach(() => {
  expect.hasAssertions();
});

afterAll(async () => {
  const { closeDatabase } = await import("../db/database.server");
  closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
