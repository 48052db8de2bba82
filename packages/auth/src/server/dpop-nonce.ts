/**
 * Server-provided DPoP nonces (RFC 9449 section 9): a random value that changes every
 * `rotateAfterMs`; a proof must carry the current one or the one before it. Hand the same
 * instance to `bearerAuth({ dpop: { nonces } })` on every instance that shares it.
 *
 * @example
 * ```ts
 * declare const verifier: TokenVerifier;
 * const authenticate = bearerAuth({
 *   verifier,
 *   resourceMetadataUrl: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
 *   dpop: { nonces: new DpopNonces() },
 * });
 * ```
 */
export class DpopNonces {
  private current: string;
  private previous: string | undefined;
  private rotatedAt: number;

  constructor(readonly rotateAfterMs = 5 * 60_000) {
    this.current = fresh();
    this.rotatedAt = Date.now();
  }

  /** The nonce clients should use now. */
  nonce(now = Date.now()): string {
    if (now - this.rotatedAt >= this.rotateAfterMs) {
      this.previous = this.current;
      this.current = fresh();
      this.rotatedAt = now;
    }
    return this.current;
  }

  /** Whether a proof's `nonce` is one the server handed out recently. */
  accepts(nonce: unknown, now = Date.now()): boolean {
    const current = this.nonce(now);
    return typeof nonce === "string" && (nonce === current || nonce === this.previous);
  }
}

function fresh(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}
