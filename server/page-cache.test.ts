import { describe, expect, it } from "vitest";
import { type CachedPage, PageCache } from "./page-cache";

const page = (version: number, bytes = 100): CachedPage => ({
  status: 200,
  headers: [],
  etags: { identity: `"v${version}"`, gzip: `"v${version}-gz"`, br: `"v${version}-br"` },
  version,
  identity: Buffer.alloc(bytes),
  gzip: Buffer.alloc(10),
  br: Buffer.alloc(10),
});

describe("PageCache", () => {
  it("renders once, then answers from memory until the catalogue version moves", async () => {
    let version = 1;
    let renders = 0;
    const cache = new PageCache(() => version, { maxBytes: 1_000_000, ttlMs: 60_000 });
    const render = async (v: number) => {
      renders++;
      return page(v);
    };
    expect((await cache.getOrRender("/", render)).hit).toBe(false);
    expect((await cache.getOrRender("/", render)).hit).toBe(true);
    expect(renders).toBe(1);
    version = 2; // a car was saved
    const after = await cache.getOrRender("/", render);
    expect(after).toMatchObject({ hit: false, page: { version: 2 } });
    expect(renders).toBe(2);
  });

  it("shares one render between concurrent misses of the same page", async () => {
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new PageCache(() => 7, { maxBytes: 1_000_000, ttlMs: 60_000 });
    const render = async (v: number) => {
      renders++;
      await gate;
      return page(v);
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.getOrRender("/browse", render)));
    release();
    const results = await all;
    expect(renders).toBe(1);
    expect(results.every((r) => r.page?.etags.identity === '"v7"')).toBe(true);
  });

  it("keeps nothing a render declined to share", async () => {
    const cache = new PageCache(() => 1, { maxBytes: 1_000_000, ttlMs: 60_000 });
    expect((await cache.getOrRender("/x", async () => null)).page).toBeNull();
    expect(cache.count).toBe(0);
  });

  it("stays within its byte budget, dropping the least recently used pages", async () => {
    const cache = new PageCache(() => 1, { maxBytes: 5_000, ttlMs: 60_000 });
    for (let i = 0; i < 20; i++) await cache.getOrRender(`/cars/${i}`, async (v) => page(v, 1_000));
    expect(cache.size).toBeLessThanOrEqual(5_000);
    expect(cache.count).toBeLessThan(20);
    expect(cache.get("/cars/19")).toBeDefined();
    expect(cache.get("/cars/0")).toBeUndefined();
  });

  it("counts keys and headers in the budget, not only the bodies", async () => {
    const cache = new PageCache(() => 1, { maxBytes: 50_000, ttlMs: 60_000 });
    const long = "k".repeat(10_000);
    for (let i = 0; i < 20; i++) {
      await cache.getOrRender(`/x?${i}=${long}`, async (v) => ({ ...page(v, 10), headers: [["X-Big", long]] }));
    }
    expect(cache.size).toBeLessThanOrEqual(50_000);
    expect(cache.count).toBeLessThanOrEqual(2);
  });

  it("lets a failed render fail every waiter, and the next request renders again", async () => {
    const cache = new PageCache(() => 1, { maxBytes: 1_000_000, ttlMs: 60_000 });
    await expect(cache.getOrRender("/", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect((await cache.getOrRender("/", async (v) => page(v))).page?.version).toBe(1);
  });
});
