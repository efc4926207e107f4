import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { keepForConfirm, keptDir, MAX_KEPT_PREVIEWS, takeKept } from "./car-sheet.server";

/** A previewed stock file waits for its confirmation in a private folder beside the database. */

const file = (text = "stock_number,make\nA-1,Toyota\n") => ({ name: "stock.csv", bytes: Buffer.from(text) });
const modeOf = (p: string) => fs.lstatSync(p).mode & 0o777;
const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  fs.rmSync(keptDir(), { recursive: true, force: true });
});

describe("kept previews", () => {
  it("live in a 0700 folder beside the database, one 0600 file each", async () => {
    expect(keptDir()).toBe(path.join(path.dirname(path.resolve(process.env.DATABASE_PATH!)), "stock-imports"));
    const token = await keepForConfirm(7, file());
    expect(modeOf(keptDir())).toBe(0o700);
    expect(modeOf(path.join(keptDir(), `7-${token}`))).toBe(0o600);
    // Only the admin who previewed it takes it back, once.
    expect(await takeKept(8, token, "stock.csv")).toBeNull();
    expect(Buffer.from((await takeKept(7, token, "stock.csv"))!.bytes).toString()).toContain("A-1,Toyota");
    expect(await takeKept(7, token, "stock.csv")).toBeNull();
  });

  it("tighten a folder that others could read", async () => {
    fs.mkdirSync(keptDir(), { mode: 0o755 });
    fs.chmodSync(keptDir(), 0o755);
    await keepForConfirm(1, file());
    expect(modeOf(keptDir())).toBe(0o700);
  });

  it("refuse a folder that is a link, and never clean up where it points", async () => {
    const victim = fs.mkdtempSync(path.join(os.tmpdir(), "victim-"));
    const precious = path.join(victim, "1-0123456789abcdef0123456789abcdef.csv");
    fs.writeFileSync(precious, "keep me");
    fs.utimesSync(precious, new Date(Date.now() - 5 * HOUR), new Date(Date.now() - 5 * HOUR));
    fs.symlinkSync(victim, keptDir());
    await expect(keepForConfirm(1, file())).rejects.toThrow(/is not a folder of its own/);
    expect(fs.readFileSync(precious, "utf8")).toBe("keep me");
    fs.rmSync(victim, { recursive: true, force: true });
  });

  it("never follow or remove a link inside the folder, nor take one back", async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "outside-"));
    const target = path.join(outside, "secret.csv");
    fs.writeFileSync(target, "secret");
    await keepForConfirm(1, file()); // makes the folder
    const token = "0123456789abcdef0123456789abcdef.csv";
    const link = path.join(keptDir(), `1-${token}`);
    fs.symlinkSync(target, link);
    const old = new Date(Date.now() - 5 * HOUR);
    fs.lutimesSync(link, old, old);
    fs.utimesSync(target, old, old);
    expect(await takeKept(1, token, "x.csv")).toBeNull();
    await keepForConfirm(1, file());
    expect(fs.readFileSync(target, "utf8")).toBe("secret");
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it(`keep at most ${MAX_KEPT_PREVIEWS}, the oldest removed first, and none past an hour`, async () => {
    expect(MAX_KEPT_PREVIEWS).toBe(20);
    const tokens: string[] = [];
    for (let i = 0; i < MAX_KEPT_PREVIEWS + 3; i++) {
      tokens.push(await keepForConfirm(1, file()));
      // Each one a minute older than the next.
      const at = new Date(Date.now() - (MAX_KEPT_PREVIEWS + 3 - i) * 60_000);
      fs.utimesSync(path.join(keptDir(), `1-${tokens[i]}`), at, at);
    }
    expect(fs.readdirSync(keptDir())).toHaveLength(MAX_KEPT_PREVIEWS);
    for (const t of tokens.slice(0, 3)) expect(await takeKept(1, t, "s.csv")).toBeNull();
    expect(await takeKept(1, tokens[3], "s.csv")).not.toBeNull();
    // An hour later, the next preview finds every older one gone.
    for (const f of fs.readdirSync(keptDir())) {
      const at = new Date(Date.now() - 2 * HOUR);
      fs.utimesSync(path.join(keptDir(), f), at, at);
    }
    await keepForConfirm(2, file());
    expect(fs.readdirSync(keptDir())).toHaveLength(1);
  });
});
