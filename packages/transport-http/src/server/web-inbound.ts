import type { AuthInfo } from "@mcpkit/core";
import { headerRecord } from "../shared/headers.js";
import { type BodyRead, readBody } from "./body.js";
import type { BodySink } from "./body-sink.js";
import { parseHost } from "./host.js";
import type { InboundRequest } from "./inbound.js";
import type { HandleOptions } from "./options.js";
import { WebBodySink } from "./web-body-sink.js";

/** A web `Request` as an {@link InboundRequest}; its live bodies are {@link WebBodySink}s. */
export class WebInbound implements InboundRequest {
  private parsedHost: string | undefined;
  readonly waitUntil?: (work: Promise<unknown>) => void;
  readonly auth?: AuthInfo;

  constructor(
    readonly request: Request,
    options?: HandleOptions,
  ) {
    if (options?.waitUntil) this.waitUntil = options.waitUntil;
    if (options?.auth) this.auth = options.auth;
  }

  get method(): string {
    return this.request.method;
  }

  /** The `Host` header if the runtime kept it (undefined when invalid), else the URL's host. */
  get host(): string | undefined {
    const header = this.request.headers.get("host");
    if (header !== null) return parseHost(header);
    this.parsedHost ??= new URL(this.request.url).host;
    return this.parsedHost;
  }

  get target(): string {
    return this.request.url;
  }

  get url(): string {
    return this.request.url;
  }

  header(name: string): string | null {
    return this.request.headers.get(name);
  }

  headerRecord(): Record<string, string> {
    return headerRecord(this.request.headers);
  }

  readBody(maxBytes: number, discardBytes: number): Promise<BodyRead> {
    return readBody(this.request, maxBytes, discardBytes);
  }

  openBody(): BodySink {
    return new WebBodySink();
  }

  onGone(listener: () => void): void {
    const { signal } = this.request;
    if (signal.aborted) listener();
    else signal.addEventListener("abort", listener, { once: true });
  }
}
