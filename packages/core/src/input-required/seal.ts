import { McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";

/** Options of a {@link RequestStateSealer}. */
export interface RequestStateSealerOptions {
  /**
   * The HMAC key: at least 16 bytes (a string is UTF-8 encoded). Servers behind a load balancer
   * must share it. Default: 32 random bytes, so states only verify on the process that sealed them.
   */
  readonly secret?: string | Uint8Array;
  /** How long a sealed state stays valid, in ms. Default 600 000 (10 minutes). */
  readonly ttlMs?: number;
  /** The clock (ms since the epoch). Default `Date.now`. */
  readonly now?: () => number;
}

/** Why a `requestState` was refused; also `data.reason` of the -32602 error. */
export type UnsealFailure = "malformed" | "tampered" | "mismatch" | "expired";

const VERSION = "v1";
const messages: Readonly<Record<UnsealFailure, string>> = {
  malformed: "Invalid params: requestState is malformed",
  tampered: "Invalid params: requestState failed verification (it was altered, or sealed by another server)",
  mismatch: "Invalid params: requestState belongs to a different request",
  expired: "Invalid params: requestState has expired; send the request again without it",
};

function refuse(reason: UnsealFailure): McpError {
  return new McpError(ErrorCode.InvalidParams, messages[reason], { pointer: "/params/requestState", reason });
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * Seals the state a server keeps across input-required rounds into the opaque `requestState` the
 * client echoes back: `v1.<payload>.<HMAC-SHA-256>`, with an expiry and a binding to the request
 * (method and target), verified in constant time through `crypto.subtle`. Sealing makes the state
 * tamper-evident, not secret: the client can read it, so keep secrets out of it.
 *
 * @example
 * ```ts
 * const sealer = new RequestStateSealer({ secret: process.env.MCP_STATE_SECRET });
 * const requestState = await sealer.seal({ step: 2 }, "tools/call deploy");
 * await sealer.unseal(requestState, "tools/call deploy"); // { step: 2 }
 * await sealer.unseal(requestState + "x", "tools/call deploy"); // throws McpError -32602 (tampered)
 * ```
 */
export class RequestStateSealer {
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** The caller's secret (a private copy), or undefined: a random one is drawn on first use. */
  private readonly secret: Uint8Array<ArrayBuffer> | undefined;
  private imported: Promise<CryptoKey> | undefined;
  private readonly encoder = new TextEncoder();

  constructor(options: RequestStateSealerOptions = {}) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.now = options.now ?? Date.now;
    if (options.secret === undefined) {
      // No random value is drawn here: construction must be pure, since runtimes such as workerd
      // forbid generating random values at module scope, where a Server is naturally built.
      this.secret = undefined;
      return;
    }
    // A private copy: later changes to the caller's array cannot change the key.
    const secret = Uint8Array.from(
      typeof options.secret === "string" ? this.encoder.encode(options.secret) : options.secret,
    );
    if (secret.byteLength < 16) throw new RangeError("the requestState secret must be at least 16 bytes");
    this.secret = secret;
  }

  /**
   * The HMAC key, made on first use (most connections never seal anything): imported from the
   * caller's secret, or from 32 random bytes drawn now.
   */
  private get key(): Promise<CryptoKey> {
    this.imported ??= crypto.subtle.importKey(
      "raw",
      this.secret ?? crypto.getRandomValues(new Uint8Array(32)),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    return this.imported;
  }

  /** Seals a JSON-serialisable state, bound to `binding` (e.g. `"tools/call deploy"`). */
  async seal(state: unknown, binding: string): Promise<string> {
    const payload = JSON.stringify({ b: binding, e: this.now() + this.ttlMs, s: state ?? null });
    const body = `${VERSION}.${toBase64Url(this.encoder.encode(payload))}`;
    const mac = await crypto.subtle.sign("HMAC", await this.key, this.encoder.encode(body));
    return `${body}.${toBase64Url(new Uint8Array(mac))}`;
  }

  /**
   * Verifies and opens a sealed state. Throws `McpError` -32602 with
   * `data: { pointer: "/params/requestState", reason }` when it is malformed, was tampered with, was
   * sealed for another request, or has expired.
   */
  async unseal(requestState: unknown, binding: string): Promise<unknown> {
    if (typeof requestState !== "string") throw refuse("malformed");
    const parts = requestState.split(".");
    if (parts.length !== 3 || parts[0] !== VERSION) throw refuse("malformed");
    const payloadBytes = fromBase64Url(parts[1] as string);
    const mac = fromBase64Url(parts[2] as string);
    if (!payloadBytes || !mac) throw refuse("malformed");
    const body = `${parts[0]}.${parts[1]}`;
    const genuine = await crypto.subtle.verify("HMAC", await this.key, mac, this.encoder.encode(body));
    if (!genuine) throw refuse("tampered");
    let payload: { b?: unknown; e?: unknown; s?: unknown };
    try {
      payload = JSON.parse(new TextDecoder().decode(payloadBytes));
    } catch {
      throw refuse("malformed");
    }
    if (payload.b !== binding) throw refuse("mismatch");
    if (typeof payload.e !== "number" || this.now() > payload.e) throw refuse("expired");
    return payload.s;
  }
}
