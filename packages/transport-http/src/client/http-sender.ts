import type { AbortSwitch } from "./abort-switch.js";
import type { HttpMethod } from "./options.js";

/** One HTTP request as an {@link HttpSender} sends it. */
export interface HttpCall {
  readonly method: HttpMethod;
  readonly url: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Tears the request down when it fires: before the reply, or while its body is read. */
  readonly abort?: AbortSwitch;
}

/**
 * The answer to an {@link HttpCall}: status and headers at once, the body read one way, once
 * (text, stream, or cancel). Every reply must be read to its end or cancelled, or its
 * connection stays busy.
 */
export interface HttpReply {
  readonly status: number;
  readonly statusText: string;
  /** One response header by lower-case name, or `null`. */
  header(name: string): string | null;
  /** Every response header (for errors that carry them). */
  headers(): Headers;
  /**
   * The body as UTF-8 text (a leading byte order mark dropped), or `undefined` once it runs over
   * `maxBytes`: the body is then cancelled, never held whole. Rejects when the connection breaks.
   */
  text(maxBytes: number): Promise<string | undefined>;
  /**
   * Hands the body, decoded from UTF-8 (a leading byte order mark dropped), to `sink` piece by
   * piece. Resolves `true` at its end, or `false` as soon as `sink` returns `false` (the rest is
   * cancelled); rejects when the connection breaks, the call is aborted, or `sink` throws.
   */
  stream(sink: (text: string) => boolean): Promise<boolean>;
  /** Gives the body up unread. */
  cancel(): void;
}

/**
 * How the Streamable HTTP client transport makes its HTTP requests. On Node it is
 * `nodeHttpSender()` (node:http with a keep-alive agent) unless `fetch` is given; elsewhere
 * `fetch`. Implement it to route the transport's HTTP some other way.
 *
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { Agent } from "node:https";
 * import { nodeHttpSender } from "@mcpkit/transport-http/node";
 * const sender = nodeHttpSender({ agent: new Agent({ keepAlive: true, ca: readFileSync("ca.pem") }) });
 * new StreamableHttpClientTransport("https://mcp.example.com/mcp", { sender });
 * ```
 */
export interface HttpSender {
  /** Sends `call`; resolves once the response headers are in, rejects on a network failure or abort. */
  send(call: HttpCall): Promise<HttpReply>;
  /** The transport closed: frees what the sender holds (e.g. idle keep-alive connections). */
  close(): void;
}

/** Whether a reply's status is a success (what `Response.ok` says). */
export function isSuccess(reply: HttpReply): boolean {
  return reply.status >= 200 && reply.status <= 299;
}
