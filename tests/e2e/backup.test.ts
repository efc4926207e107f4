// npm run backup while the site serves and writes; npm run restore into a fresh folder.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupE2E } from "./harness";

const run = promisify(execFile);
const app = setupE2E();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-backup-test-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function script(name: "backup" | "restore", env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
}

describe("backup and restore", () => {
  let archive: string;

  it("takes a consistent backup while buyers send messages and restores every acknowledged row and image", async () => {
    const acked: { email: string; at: number }[] = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const email = `writer${n}-${i}@example.com`;
        const res = await fetch(app.url("/api/contact"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: `Writer ${n}`,
            phone: "08035550142",
            email,
            message: `Message ${i} from writer ${n}`,
          }),
        });
        if (res.status === 201) acked.push({ email, at: Date.now() });
      }
    };
    const writers = [1, 2, 3].map(writer);
    // Writes are flowing: a few acknowledged before the backup starts.
    await expect.poll(() => acked.length, { timeout: 10_000 }).toBeGreaterThan(10);
    const backupDir = path.join(dir, "backups");
    const started = Date.now();
    const { stdout } = await script("backup", {
      DATABASE_PATH: app.server.dbPath,
      UPLOADS_DIR: app.server.uploadsDir,
      BACKUP_DIR: backupDir,
    });
    writing = false;
    await Promise.all(writers);
    archive = /Backup written: (\S+)/.exec(stdout)![1];
    expect(path.dirname(archive)).toBe(backupDir);
    expect(path.basename(archive)).toMatch(/^backup-\d{8}T\d{6}Z\.tar\.gz$/);

    const fresh = path.join(dir, "fresh");
    const restored = await script(
      "restore",
      { DATABASE_PATH: path.join(fresh, "db.sqlite"), UPLOADS_DIR: path.join(fresh, "uploads") },
      archive,
    );
    expect(restored.stdout).toContain("Restored the backup");

    const db = new Database(path.join(fresh, "db.sqlite"), { readonly: true });
    try {
      expect(db.prepare("pragma integrity_check").pluck().get()).toBe("ok");
      const emails = new Set(db.prepare("select email from contact_messages").pluck().all() as string[]);
      const before = acked.filter((a) => a.at < started);
      expect(before.length).toBeGreaterThan(10);
      for (const { email } of before) expect(emails.has(email), email).toBe(true);
      const cars = db.prepare("select count(*) from cars").pluck().get() as number;
      expect(cars).toBeGreaterThanOrEqual(60);
      const images = db.prepare("select path from car_images where path like '/uploads/%'").pluck().all() as string[];
      expect(images.length).toBeGreaterThan(0);
      for (const p of images) {
        const file = path.join(fresh, "uploads", path.basename(p));
        expect(fs.existsSync(file), p).toBe(true);
        expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(app.server.uploadsDir, path.basename(p))))).toBe(
          true,
        );
      }
    } finally {
      db.close();
    }
  });

  it("writes archives only their owner can read (0600), in a folder only the owner can open (0700)", async () => {
    const backupDir = path.join(dir, "private-backups");
    fs.mkdirSync(backupDir, { mode: 0o755 });
    fs.chmodSync(backupDir, 0o755); // a folder someone made before, open to all
    const { stdout } = await script("backup", {
      DATABASE_PATH: app.server.dbPath,
      UPLOADS_DIR: app.server.uploadsDir,
      BACKUP_DIR: backupDir,
    });
    const written = /Backup written: (\S+)/.exec(stdout)![1];
    expect(fs.statSync(written).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
  });

  it("refuses to restore while the site runs on that database", async () => {
    await expect(
      script("restore", { DATABASE_PATH: app.server.dbPath, UPLOADS_DIR: app.server.uploadsDir }, archive),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/The site is running .*stop it before restoring/),
    });
  });

  it("refuses a damaged archive before touching anything", async () => {
    const work = path.join(dir, "damaged");
    fs.mkdirSync(path.join(work, "uploads"), { recursive: true });
    const good = new Database(path.join(work, "dealership.sqlite"));
    good.exec(`create table t (x); insert into t values (1);${"insert into t select x from t;".repeat(12)}`);
    good.close();
    const bytes = fs.readFileSync(path.join(work, "dealership.sqlite"));
    bytes.fill(0x5a, 4096, 12_288); // scribble over pages of the table
    fs.writeFileSync(path.join(work, "dealership.sqlite"), bytes);
    fs.writeFileSync(path.join(work, "manifest.json"), "{}");
    const bad = path.join(dir, "damaged.tar.gz");
    await tar.create({ gzip: true, file: bad, cwd: work }, ["manifest.json", "dealership.sqlite", "uploads"]);
    const target = path.join(dir, "untouched");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "db.sqlite"), "keep me");
    await expect(
      script(
        "restore",
        { DATABASE_PATH: path.join(target, "db.sqlite"), UPLOADS_DIR: path.join(target, "uploads") },
        bad,
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/damaged|not a database|malformed/i),
    });
    expect(fs.readFileSync(path.join(target, "db.sqlite"), "utf8")).toBe("keep me");
  });
});
