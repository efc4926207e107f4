// The pure layer (app/lib, app/config, server/, scripts/ and the repository checks) runs without
// a database. Should one of its tests reach the database anyway, it finds an empty in-memory one
// ("no such table"): such a test belongs in the integration layer. Every test must assert something.
import { beforeEach, expect } from "vitest";

process.env.DATABASE_PATH = ":memory:";
process.env.NODE_ENV = "test";
process.env.SEED_DEMO = "0";

beforeEach(() => {
  expect.hasAssertions();
});
