/**
 * The `jti`s of DPoP proofs seen recently, so a proof is accepted once (RFC 9449 section 11.1).
 * Each is kept until the proof would be too old anyway; the cache holds at most `maxEntries`, and
 * when full it drops the entries that have expired, then the oldest.
 */
export class DpopReplayCache {
  private readonly seen = new Map<string, number>();

  constructor(readonly maxEntries = 10_000) {}

  /** Records `jti` until `until` (ms since the epoch); false when it was already seen and still live. */
  remember(jti: string, until: number, now = Date.now()): boolean {
    const known = this.seen.get(jti);
    if (known !== undefined && known > now) return false;
    if (this.seen.size >= this.maxEntries) this.evict(now);
    this.seen.set(jti, until);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private evict(now: number): void {
    for (const [jti, until] of this.seen) if (until <= now) this.seen.delete(jti);
    // Still full: the oldest go (a replay window shorter than the flood is the price of a bound).
    while (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
  }
}
