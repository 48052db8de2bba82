import { type Server, createServer } from "node:http";
import { listen, serveHandler, stop } from "../node/listen.js";
import { toNodeListener } from "../node/serve.js";
import { type StreamableHttpHandler, createStreamableHttpHandler } from "../server/handler.js";
import type { StreamableHttpHandlerOptions } from "../server/options.js";
import type { HttpServerTransport } from "../server/session-transport.js";
import { type LegacySseHandler, createLegacySseHandler } from "./handler.js";
import type { LegacySseHandlerOptions } from "./options.js";
import type { LegacySseServerTransport } from "./server-transport.js";

/** Options of {@link serveLegacySse}: the handler's, plus where to listen. */
export interface LegacyServeOptions extends LegacySseHandlerOptions {
  /** Default `127.0.0.1`. Binding elsewhere needs `allowedHosts` for the names clients use. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
}

/** A running HTTP+SSE server from {@link serveLegacySse}. */
export interface LegacySseServer {
  /** The SSE URL clients connect to, e.g. `http://127.0.0.1:49152/sse`. */
  readonly url: string;
  readonly handler: LegacySseHandler;
  readonly httpServer: Server;
  /** Ends every session, stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Serves the deprecated HTTP+SSE transport (for 2024-11-05 clients) on its own node:http server,
 * on 127.0.0.1 unless told otherwise. Requests to other paths get 404.
 *
 * @example
 * ```ts
 * const sse = await serveLegacySse({ port: 3001, onSession: (transport) => server.connect(transport) });
 * console.log(sse.url); // http://127.0.0.1:3001/sse
 * ```
 */
export async function serveLegacySse(options: LegacyServeOptions): Promise<LegacySseServer> {
  const { host = "127.0.0.1", port = 0, ...handlerOptions } = options;
  const handler = createLegacySseHandler(handlerOptions);
  const listener = toNodeListener(handler);
  const httpServer = createServer(listener);
  return serveHandler(httpServer, handler, { host, port, path: handlerOptions.ssePath ?? "/sse" });
}

/** Options of {@link serveHttpWithLegacySse}. */
export interface DualServeOptions
  extends Omit<StreamableHttpHandlerOptions, "onSession">,
    Pick<LegacySseHandlerOptions, "ssePath" | "messagePath"> {
  /**
   * Called with each new session's transport, of either kind: `server.connect(transport)` takes
   * both; what it returns is awaited and otherwise ignored. A throw or rejection refuses the
   * request that opened the session with 500.
   */
  readonly onSession: (transport: HttpServerTransport | LegacySseServerTransport) => unknown;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
  /** The Streamable HTTP endpoint's path. Default `/mcp`. */
  readonly path?: string;
}

/** A running server from {@link serveHttpWithLegacySse}. */
export interface DualHttpServer {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:49152/mcp`. */
  readonly url: string;
  /** The legacy SSE URL, e.g. `http://127.0.0.1:49152/sse`. */
  readonly legacyUrl: string;
  readonly streamable: StreamableHttpHandler;
  readonly legacy: LegacySseHandler;
  readonly httpServer: Server;
  /** Ends every session of both kinds, stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Serves one MCP server to clients of every session-era revision from one node:http server:
 * Streamable HTTP on `path` (default `/mcp`), and the deprecated HTTP+SSE pair on `ssePath` and
 * `messagePath` (defaults `/sse`, `/messages`) for 2024-11-05 clients. Host/Origin allow-lists,
 * CORS, size limits, `maxBatchSize`, `maxSessions` (a cap for each kind), `idleTimeoutMs`,
 * `keepAliveMs`, `onError` and `authenticate` apply to both; the other options are Streamable HTTP's
 * (`onStateless` included). Other paths get 404.
 *
 * @example
 * ```ts
 * const http = await serveHttpWithLegacySse({ port: 3000, onSession: (transport) => server.connect(transport) });
 * console.log(http.url, http.legacyUrl); // http://127.0.0.1:3000/mcp http://127.0.0.1:3000/sse
 * ```
 */
export async function serveHttpWithLegacySse(options: DualServeOptions): Promise<DualHttpServer> {
  const { host = "127.0.0.1", port = 0, path = "/mcp", ssePath, messagePath, ...shared } = options;
  const streamable = createStreamableHttpHandler(shared);
  const legacy = createLegacySseHandler({
    onSession: shared.onSession,
    ssePath,
    messagePath,
    keepAliveMs: shared.keepAliveMs,
    maxBodyBytes: shared.maxBodyBytes,
    maxDiscardBytes: shared.maxDiscardBytes,
    maxMessageBytes: shared.maxMessageBytes,
    maxBatchSize: shared.maxBatchSize,
    maxSessions: shared.maxSessions,
    idleTimeoutMs: shared.idleTimeoutMs,
    allowedHosts: shared.allowedHosts,
    allowedOrigins: shared.allowedOrigins,
    cors: shared.cors,
    onError: shared.onError,
    authenticate: shared.authenticate,
  });
  const legacyPaths = new Set([ssePath ?? "/sse", new URL(messagePath ?? "/messages", "http://x").pathname]);
  const toStreamable = toNodeListener(streamable);
  const toLegacy = toNodeListener(legacy);
  const httpServer = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (pathname === path) return toStreamable(req, res);
    if (legacyPaths.has(pathname)) return toLegacy(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
  });
  const origin = await listen(httpServer, host, port);
  return {
    url: `${origin}${path}`,
    legacyUrl: `${origin}${ssePath ?? "/sse"}`,
    streamable,
    legacy,
    httpServer,
    close: async () => {
      await Promise.all([streamable.close(), legacy.close()]);
      await stop(httpServer);
    },
  };
}
