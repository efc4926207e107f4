import { afterEach, describe, expect, it } from "vitest";
import { siteHealth } from "~/models/health.server";
import { getSqlite } from "../../db/database.server";
import { loader } from "./healthz";

const health = async () => {
  const res = loader();
  return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
};

afterEach(() => {
  getSqlite().pragma("query_only = OFF");
});

describe("/healthz", () => {
  it("answers 200 when the database answers and takes writes and the disk has room", async () => {
    const { status, body, cache } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, cars: 0, writable: true, problems: [] });
    expect(body.freeDiskMB).toBeGreaterThan(0);
    expect(cache).toBe("no-store");
  });

  it("answers 503 when the database refuses writes, and changes nothing when it can write", async () => {
    const version = () => getSqlite().prepare("SELECT version FROM catalog_version").pluck().get();
    const before = version();
    await health();
    expect(version()).toBe(before);

    getSqlite().pragma("query_only = ON"); // what a read-only file or a failed disk looks like to SQLite
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, cars: 0, writable: false });
    expect(body.problems).toEqual(["Database is not writable (attempt to write a readonly database)"]);
  });

  it("reports a disk with less room than the site needs", () => {
    const full = siteHealth({ minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect(full.ok).toBe(false);
    expect(full.writable).toBe(true);
    expect(full.problems).toEqual([`Disk almost full: ${full.freeDiskMB} MB free`]);
  });
});
