/**
 * Where `OAuthClientProvider` keeps what outlives one process: tokens (key `tokens <server URL>`)
 * and registered client credentials (key `client <issuer>`), each value a JSON string. Async so
 * a shared or encrypted store (a keychain, Redis) can be plugged in. The default is
 * {@link MemoryTokenStore}; `FileTokenStore` from `@mcpkit/auth/node` keeps them in a 0600 file.
 *
 * @example
 * ```ts
 * const store: TokenStore = {
 *   get: async (key) => keychain.read(key),
 *   set: async (key, value) => keychain.write(key, value),
 *   delete: async (key) => keychain.remove(key),
 * };
 * declare const keychain: { read(k: string): Promise<string | undefined>; write(k: string, v: string): Promise<void>; remove(k: string): Promise<void> };
 * ```
 */
export interface TokenStore {
  /** The value stored under `key`, or `undefined`. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key`, replacing any earlier one. */
  set(key: string, value: string): Promise<void>;
  /** Removes the value under `key`, if any. */
  delete(key: string): Promise<void>;
}

/** The tokens stored for one MCP server. */
export interface StoredTokens {
  readonly access_token: string;
  readonly token_type: string;
  readonly refresh_token?: string;
  /** When the access token expires, in ms since the epoch (absent: unknown). */
  readonly expires_at?: number;
  /** The scope requested (space-separated), for step-up unions. */
  readonly scope?: string;
  /** The authorization server that issued them: tokens of another one are never used. */
  readonly issuer: string;
  /** The RFC 8707 resource they were issued for. */
  readonly resource: string;
}

/** The client credentials registered (or configured) at one authorization server. */
export interface StoredClient {
  readonly client_id: string;
  readonly client_secret?: string;
  readonly token_endpoint_auth_method?: string;
}

/**
 * A {@link TokenStore} in memory, for one process: the default.
 *
 * @example
 * ```ts
 * const store = new MemoryTokenStore();
 * await store.set("tokens", "{}");
 * await store.get("tokens"); // "{}"
 * ```
 */
export class MemoryTokenStore implements TokenStore {
  private readonly values = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

/** Reads a stored JSON value, `undefined` when absent or unreadable (a corrupt entry is ignored). */
export async function readStored<T>(store: TokenStore, key: string): Promise<T | undefined> {
  const text = await store.get(key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
