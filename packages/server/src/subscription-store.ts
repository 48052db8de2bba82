/**
 * Where session-era resource subscriptions (`resources/subscribe`) are kept, by session id. Async,
 * so a server fleet can keep them in a shared store; the default is {@link MemorySubscriptionStore}.
 *
 * @example
 * ```ts
 * const server = new Server(info, { subscriptions: new MemorySubscriptionStore({ maxPerSession: 50 }) });
 * ```
 */
export interface SubscriptionStore {
  /** Records a subscription; false when the store refuses it (e.g. a bound is reached). */
  add(sessionId: string, uri: string): Promise<boolean>;
  /** Forgets one subscription, if it is there. */
  remove(sessionId: string, uri: string): Promise<void>;
  /** Whether the session is subscribed to `uri`. */
  has(sessionId: string, uri: string): Promise<boolean>;
  /** Forgets every subscription of a session (called when it closes). */
  clear(sessionId: string): Promise<void>;
}

/** Options of {@link MemorySubscriptionStore}. */
export interface MemorySubscriptionStoreOptions {
  /** Subscriptions one session may hold. Default 1000. */
  readonly maxPerSession?: number;
}

/**
 * The in-memory {@link SubscriptionStore}: bounded per session, and emptied as sessions close.
 *
 * @example
 * ```ts
 * const store = new MemorySubscriptionStore({ maxPerSession: 2 });
 * await store.add("s1", "file:///a"); // true
 * await store.has("s1", "file:///a"); // true
 * ```
 */
export class MemorySubscriptionStore implements SubscriptionStore {
  private readonly sessions = new Map<string, Set<string>>();
  private readonly max: number;

  constructor(options: MemorySubscriptionStoreOptions = {}) {
    this.max = options.maxPerSession ?? 1000;
  }

  async add(sessionId: string, uri: string): Promise<boolean> {
    let uris = this.sessions.get(sessionId);
    if (uris?.has(uri)) return true;
    if ((uris?.size ?? 0) >= this.max) return false;
    if (!uris) {
      uris = new Set();
      this.sessions.set(sessionId, uris);
    }
    uris.add(uri);
    return true;
  }

  async remove(sessionId: string, uri: string): Promise<void> {
    const uris = this.sessions.get(sessionId);
    uris?.delete(uri);
    if (uris?.size === 0) this.sessions.delete(sessionId);
  }

  async has(sessionId: string, uri: string): Promise<boolean> {
    return this.sessions.get(sessionId)?.has(uri) ?? false;
  }

  async clear(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
  }
}
