import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `body` in a fresh Node process (as the server runs: ES modules importing CommonJS packages). */
function inNode(body: string): unknown {
  const script = `
    import { createRequire } from "node:module";
    import { forgetUnloadedModules } from "./server/module-cache.ts";
    const cache = createRequire(import.meta.url).cache;
    const count = (loaded) => Object.values(cache).filter((m) => m.loaded === loaded).length;
    ${body}`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe("forgetUnloadedModules", () => {
  it("drops the files Node read but never ran for an ES import of a CommonJS package, and keeps the rest", () => {
    const result = inNode(`
      await import("react-dom");
      const before = { loaded: count(true), unloaded: count(false) };
      const dev = Object.keys(cache).some((f) => f.endsWith("react-dom.development.js"));
      const dropped = forgetUnloadedModules();
      console.log(JSON.stringify({ before, dev, dropped, after: { loaded: count(true), unloaded: count(false) } }));`);
    // In production react-dom runs its production build; its development build was read all the same.
    expect(result).toMatchObject({ dev: true, before: { unloaded: expect.any(Number) } });
    const { before, dropped, after } = result as Record<string, { loaded: number; unloaded: number }> & {
      dropped: number;
    };
    expect(before.unloaded).toBeGreaterThan(0);
    expect(dropped).toBe(before.unloaded);
    expect(after).toEqual({ loaded: before.loaded, unloaded: 0 });
  });
});
