import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@mcpkit/core";
import type { BodyRead } from "../server/body.js";
import type { BodySink } from "../server/body-sink.js";
import type { InboundRequest } from "../server/inbound.js";
import { NodeBodySink } from "./node-body-sink.js";
import { givenBody, readNodeBody } from "./read-body.js";
import { requestHost } from "./request-host.js";

/** Methods a web `Request` refuses to carry; the web path answered them 400, and so does this one. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * A node:http request read natively as an {@link InboundRequest}: headers straight from
 * `req.headers`, the body from the stream (or as a framework already read it), live bodies
 * written to `res`. Nothing web-standard is made per request.
 */
export class NodeInbound implements InboundRequest {
  readonly method: string;
  readonly host: string;
  readonly target: string;

  /**
   * @throws TypeError for what a web `Request` could not be made of (a malformed Host or target,
   *   a forbidden method), so both paths refuse the same requests.
   */
  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** A body a framework already read; its framing headers then no longer apply. */
    private readonly body?: string | Uint8Array,
    /** The identity the caller established for this request (see `HandleOptions.auth`). */
    readonly auth?: AuthInfo,
  ) {
    this.method = req.method ?? "GET";
    if (FORBIDDEN_METHODS.has(this.method.toUpperCase())) throw new TypeError(`${this.method} is not served`);
    this.target = req.url ?? "/";
    this.host = requestHost(this.target, req.headers.host);
  }

  /** The URL as the client addressed it: `https` when the socket is TLS (a proxy in front must pass the right Host). */
  get url(): string {
    if (!this.target.startsWith("/")) return this.target;
    const scheme = (this.req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
    return `${scheme}://${this.req.headers.host ?? this.host}${this.target}`;
  }

  header(name: string): string | null {
    if (this.body !== undefined && (name === "content-length" || name === "transfer-encoding")) return null;
    const value = this.req.headers[name];
    if (value === undefined) return null;
    return typeof value === "string" ? value : value.join(", ");
  }

  headerRecord(): Record<string, string> {
    const record: Record<string, string> = {};
    const { headers } = this.req;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined) continue;
      if (this.body !== undefined && (name === "content-length" || name === "transfer-encoding")) continue;
      record[name] = typeof value === "string" ? value : value.join(", ");
    }
    return record;
  }

  readBody(maxBytes: number, discardBytes: number): Promise<BodyRead> {
    if (this.body !== undefined) return Promise.resolve(givenBody(this.body, maxBytes));
    return readNodeBody(this.req, maxBytes, discardBytes, () => {
      // The rest of a refused upload is not read: the connection closes after the answer.
      this.res.shouldKeepAlive = false;
    });
  }

  openBody(): BodySink {
    return new NodeBodySink(this.res);
  }

  onGone(listener: () => void): void {
    if (this.res.destroyed) {
      listener();
      return;
    }
    this.res.once("close", () => {
      if (!this.res.writableFinished) listener();
    });
  }
}
