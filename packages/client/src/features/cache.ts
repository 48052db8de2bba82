import type { JsonObject } from "@mcpkit/core";

/** Options of a {@link ResultCache}. */
export interface ResultCacheOptions {
  /** Entries kept at most; the oldest go first. Default 500. */
  readonly maxEntries?: number;
  /** The clock (ms since the epoch); for tests. */
  readonly now?: () => number;
}

interface Entry {
  readonly value: JsonObject;
  readonly expiresAt: number;
}

/**
 * A bounded store for results that carry 2026-07-28 cache hints (`ttlMs`, `cacheScope`). Each
 * client keeps its own for `private` results; pass one as `cache.shared` to several clients to
 * share `public` results between them.
 *
 * @example
 * ```ts
 * const shared = new ResultCache({ maxEntries: 1000 });
 * const a = new Client({ clientInfo, cache: { shared } });
 * const b = new Client({ clientInfo, cache: { shared } });
 * ```
 */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ResultCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** How many entries are stored (expired ones included until they are next read). */
  get size(): number {
    return this.entries.size;
  }

  /** The result stored under `key`, or `undefined` when there is none or it expired. */
  get(key: string): JsonObject | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value` under `key` for `ttlMs` (nothing when `ttlMs` is not positive), dropping the oldest entries beyond the bound. */
  set(key: string, value: JsonObject, ttlMs: number): void {
    if (!(ttlMs > 0)) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }
}

/** A client's view of caching: its own store for private results, maybe a shared one for public results. */
export class ClientCache {
  private readonly own = new ResultCache();

  constructor(
    private readonly shared: ResultCache | undefined,
    /** Separates servers in the shared store. */
    private readonly namespace: () => string,
  ) {}

  static key(method: string, params: Readonly<Record<string, unknown>>): string {
    return `${method} ${JSON.stringify(params)}`;
  }

  get(key: string): JsonObject | undefined {
    return this.own.get(key) ?? this.shared?.get(`${this.namespace()} ${key}`);
  }

  /** Stores a result by its hints; results without hints (every session-era result) are not cached. */
  store(key: string, result: JsonObject): void {
    const { ttlMs, cacheScope } = result;
    if (typeof ttlMs !== "number" || !(ttlMs > 0)) return;
    if (cacheScope === "public" && this.shared) this.shared.set(`${this.namespace()} ${key}`, result, ttlMs);
    else this.own.set(key, result, ttlMs);
  }

  /** Forgets what a change notification made stale (e.g. `tools/list`, or one `resources/read`). */
  invalidate(prefix: string): void {
    this.own.deletePrefix(prefix);
    this.shared?.deletePrefix(`${this.namespace()} ${prefix}`);
  }

  clear(): void {
    this.own.clear();
  }
}
