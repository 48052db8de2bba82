/**
 * The `DPoP-Nonce` values servers handed out, one per origin (RFC 9449 §8 and §9: a nonce is
 * good for the server that issued it, the authorization server and the resource server each keep
 * their own). Bounded: past `limit` origins the one used least recently is forgotten, which only
 * costs that server one more `use_dpop_nonce` round trip.
 */
export class DpopNonceStore {
  readonly #nonces = new Map<string, string>();
  readonly #limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`maxNonceOrigins must be a positive integer, got ${limit}`);
    }
    this.#limit = limit;
  }

  get(origin: string): string | undefined {
    const nonce = this.#nonces.get(origin);
    if (nonce !== undefined) {
      // Most recently used goes last, so eviction takes the stalest origin.
      this.#nonces.delete(origin);
      this.#nonces.set(origin, nonce);
    }
    return nonce;
  }

  /** Stores `nonce` for `origin`; returns whether it differs from the one kept before. */
  set(origin: string, nonce: string): boolean {
    const previous = this.#nonces.get(origin);
    this.#nonces.delete(origin);
    if (this.#nonces.size >= this.#limit) {
      const oldest = this.#nonces.keys().next().value;
      if (oldest !== undefined) this.#nonces.delete(oldest);
    }
    this.#nonces.set(origin, nonce);
    return previous !== nonce;
  }

  get size(): number {
    return this.#nonces.size;
  }
}
