import { LRUCache } from "lru-cache";

/**
 * The in-process cache of what every anonymous visitor sees alike: public pages, their data
 * requests and the public list APIs, kept as the bytes to send (plain, gzip and brotli).
 *
 * Freshness: each page remembers the catalogue version (a counter that every write to cars or
 * car_images bumps, by trigger) read before it was rendered; a lookup that finds an older
 * version is a miss. So an edit shows on the public site the moment it commits, and a render
 * that raced a write is never served after it. Entries also expire after `ttlMs`, which bounds
 * anything that changes with the clock (today's date in a form, the footer's year).
 *
 * Concurrent misses for one URL and version share one render (no stampede after an edit).
 */
export type Encoding = "br" | "gzip" | "identity";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** One strong ETag per encoding: each copy is a different representation. */
  etags: Record<Encoding, string>;
  version: number;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly currentVersion: () => number,
    { maxBytes, ttlMs }: { maxBytes: number; ttlMs: number },
  ) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      // Everything an entry holds: its key, headers, three bodies, and a little for the objects.
      sizeCalculation: (p, key) =>
        key.length +
        p.headers.reduce((n, [name, value]) => n + name.length + value.length + 32, 0) +
        p.identity.length +
        p.gzip.length +
        p.br.length +
        512,
      ttl: ttlMs,
    });
  }

  version(): number {
    return this.currentVersion();
  }

  /** The cached page for a key, if it was rendered at the current catalogue version. */
  get(key: string, version = this.currentVersion()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (page.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * The page for a key: from the cache, else from `render` (shared by concurrent callers).
   * `render` returns null when its answer must not be cached; each caller then renders alone.
   */
  async getOrRender(
    key: string,
    render: (version: number) => Promise<CachedPage | null>,
  ): Promise<{ page: CachedPage | null; hit: boolean }> {
    const version = this.currentVersion();
    const hit = this.get(key, version);
    if (hit) return { page: hit, hit: true };
    const flightKey = `${version}\n${key}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = render(version)
        .then((page) => {
          if (page) this.entries.set(key, page);
          return page;
        })
        .finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
    }
    return { page: await flight, hit: false };
  }

  /** Bytes held now (for tests and the health page). */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
