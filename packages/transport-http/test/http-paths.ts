import { createServer } from "node:http";
import { afterAll, beforeAll, describe } from "vitest";
import {
  createLegacySseHandler,
  createStreamableHttpHandler,
  type StreamableHttpHandler,
} from "../src/index.js";
import {
  type LegacyServeOptions,
  type LegacySseServer,
  type ServeOptions,
  type StreamableHttpServer,
  serveLegacySse,
  serveStreamableHttp,
  toNodeListener,
} from "../src/node.js";
import { serveHandler } from "../src/node/listen.js";

/**
 * The two ways a request reaches the endpoint on Node: `native` (the package's own handler given
 * to `toNodeListener`: node:http read and written directly) and `web` (a plain `{ handle }`
 * wrapper, so `toWebRequest` → `handle(Request)` → `writeWebResponse`, the path Workers, Deno and
 * Bun take through `handle`).
 */
export type HttpPath = "native" | "web";

export const HTTP_PATHS: readonly HttpPath[] = ["native", "web"];

let current: HttpPath = "native";

/** The path the server helpers serve on now. */
export function httpPath(): HttpPath {
  return current;
}

/** Runs `suite` once per path, in a `describe` named after it; the helpers serve on that path meanwhile. */
export function forEachHttpPath(suite: (path: HttpPath) => void): void {
  for (const path of HTTP_PATHS) {
    describe(`${path} path`, () => {
      beforeAll(() => {
        current = path;
      });
      afterAll(() => {
        current = "native";
      });
      suite(path);
    });
  }
}

/** `handler` as `path` (default: the current one) serves it: itself, or a wrapper only `handle` shows through. */
export function onPath<H extends Pick<StreamableHttpHandler, "handle">>(
  handler: H,
  path: HttpPath = current,
): Pick<H, "handle"> {
  return path === "native" ? handler : { handle: (request) => handler.handle(request) };
}

/** {@link serveStreamableHttp} on the current path. */
export function serveOnPath(options: ServeOptions): Promise<StreamableHttpServer> {
  return serveOn(current, options);
}

/** {@link serveStreamableHttp} on `httpPath`. */
export async function serveOn(httpPath: HttpPath, options: ServeOptions): Promise<StreamableHttpServer> {
  if (httpPath === "native") return serveStreamableHttp(options);
  const { host = "127.0.0.1", port = 0, path = "/mcp", ...handlerOptions } = options;
  const handler = createStreamableHttpHandler(handlerOptions);
  const listener = toNodeListener(onPath(handler, httpPath));
  const httpServer = createServer((req, res) => {
    if ((req.url ?? "/").split("?")[0] === path) return listener(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
  });
  return serveHandler(httpServer, handler, { host, port, path });
}

/** {@link serveLegacySse} on the current path. */
export async function serveLegacyOnPath(options: LegacyServeOptions): Promise<LegacySseServer> {
  if (current === "native") return serveLegacySse(options);
  const { host = "127.0.0.1", port = 0, ...handlerOptions } = options;
  const handler = createLegacySseHandler(handlerOptions);
  const httpServer = createServer(toNodeListener(onPath(handler)));
  return serveHandler(httpServer, handler, { host, port, path: handlerOptions.ssePath ?? "/sse" });
}
