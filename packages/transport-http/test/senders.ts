import { beforeAll, describe } from "vitest";
import {
  type HttpClientOptions,
  HttpClientTransport,
  type StreamableHttpClientOptions,
  StreamableHttpClientTransport,
} from "../src/index.node.js";

/** One way the client transport sends HTTP, as options that choose it. */
export interface SenderCase {
  readonly name: "node:http" | "fetch";
  readonly options: StreamableHttpClientOptions;
}

/** Both senders: node:http (the default on Node) and fetch (the default elsewhere, or given). */
export const SENDERS: readonly SenderCase[] = [
  { name: "node:http", options: {} },
  { name: "fetch", options: { fetch: (input, init) => fetch(input, init) } },
];

let current: SenderCase = SENDERS[0] as SenderCase;

/**
 * `describe` once per sender, `[node:http]` and `[fetch]` in the name: the transports the suite
 * makes with {@link clientTransport} and {@link autoTransport} use that sender, so one suite
 * proves both behave the same.
 */
export function describeEachSender(name: string, body: () => void): void {
  for (const sender of SENDERS) {
    describe(`${name} [${sender.name}]`, () => {
      beforeAll(() => {
        current = sender;
      });
      body();
    });
  }
}

/** A Streamable HTTP client transport on the current suite's sender. */
export function clientTransport(
  url: string,
  options: StreamableHttpClientOptions = {},
): StreamableHttpClientTransport {
  return new StreamableHttpClientTransport(url, { ...current.options, ...options });
}

/** An auto-detecting HTTP client transport on the current suite's sender. */
export function autoTransport(url: string, options: HttpClientOptions = {}): HttpClientTransport {
  return new HttpClientTransport(url, { ...current.options, ...options });
}
