import type { AuthInfo } from "@mcpkit/core";
import type { BodyRead } from "./body.js";
import type { BodySink } from "./body-sink.js";

/**
 * One HTTP request as the endpoints see it, whatever runtime it came from: a web `Request`
 * ({@link WebInbound}) or a node:http request read natively (no `Request`, `Headers` or `URL`
 * made per request).
 */
export interface InboundRequest {
  /** The request method, upper case as sent (`POST`). */
  readonly method: string;
  /**
   * The request's `Host` as `URL.host` gives it (`127.0.0.1:3000`), for the Host check; undefined
   * when the `Host` header is not `host[:port]` (see `parseHost`), which is answered 400.
   */
  readonly host: string | undefined;
  /** The request target as sent: a path with its query, or an absolute URL. */
  readonly target: string;
  /**
   * The full URL the client addressed (scheme, host, path, query), for the `authenticate` hook (a
   * DPoP proof's `htu`). Only computed when read.
   */
  readonly url: string;
  /** A header's value by lower-case name, repeated values joined with `, `; null when absent. */
  header(name: string): string | null;
  /** Every header, lower-case names, for the message context handed to the engine. */
  headerRecord(): Record<string, string>;
  /**
   * The body as UTF-8 text within `maxBytes` (see `readBody`: refused past it, announced or not);
   * the rest of a refused body is read and dropped up to `discardBytes`.
   */
  readBody(maxBytes: number, discardBytes: number): Promise<BodyRead>;
  /** A sink for a body made while the answer goes out (SSE, or a JSON answer still to come). */
  openBody(): BodySink;
  /** `listener` runs once if the client goes away before the answer is complete. */
  onGone(listener: () => void): void;
  /** The runtime's `waitUntil` for this request, when it gave one (see `HandleOptions`). */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** The identity the caller established for this request, when it gave one (see `HandleOptions.auth`). */
  readonly auth?: AuthInfo;
}
