import { request as httpRequest } from "node:http";
import { LocalError, type Transport, type TransportHandlers } from "@mcpkit/core";
import type { HttpServerTransport } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { serveOnPath } from "./http-paths.js";
import { type PerTest, perTest } from "./per-test.js";

/** What a raw HTTP exchange gave back. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** Options of {@link raw}. */
export interface RawOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Send the body chunked (no Content-Length). */
  readonly chunked?: boolean;
}

/**
 * One HTTP request over node:http with full control of the headers (including Host), read to the
 * end, bounded by 5 s.
 */
export function raw(url: string, options: RawOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !options.chunked) {
      headers["content-length"] = String(Buffer.byteLength(options.body));
    }
    const req = httpRequest(url, { method: options.method ?? "POST", headers, timeout: 5000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`timed out: ${options.method ?? "POST"} ${url}`)));
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The body of an HTTP refusal the endpoint makes itself. */
export function refusalBody(message: string, code = -32600): string {
  return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
}

/**
 * Starts a session transport as a tiny server: every request gets `{ method }` as its result (an
 * initialize gets `protocolVersion: "2025-11-25"`), sent as related to the request.
 */
export function respond(transport: HttpServerTransport | Transport): Promise<void> {
  const handlers: TransportHandlers = {
    onMessage: (value) => {
      for (const member of Array.isArray(value) ? value : [value]) {
        const message = member as { id?: string | number; method?: string };
        if (message.id === undefined || message.method === undefined) continue;
        const result =
          message.method === "initialize" ? { protocolVersion: "2025-11-25" } : { method: message.method };
        transport
          .send({ jsonrpc: "2.0", id: message.id, result }, { relatedRequestId: message.id })
          .catch((error: unknown) => {
            if (!(error instanceof LocalError)) throw error;
          });
      }
    },
    onUnreadable: () => {},
    onClose: () => {},
  };
  return transport.start(handlers);
}

/**
 * For a test file or describe block: starts servers on the current path whose sessions answer
 * with {@link respond}, the last one closed after its test.
 */
export function answeringServerPerTest(): PerTest<StreamableHttpServer, Partial<ServeOptions>> {
  return perTest(
    (options = {}) => serveOnPath({ onSession: (transport) => respond(transport), ...options }),
    (server) => server.close(),
  );
}
