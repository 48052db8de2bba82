import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { serveHandler } from "./listen.js";
import { type StreamableHttpHandler, createStreamableHttpHandler } from "../server/handler.js";
import type { StreamableHttpHandlerOptions } from "../server/options.js";
import { answersInbound } from "../server/native-handler.js";
import { MALFORMED_REQUEST, answerNatively, unreadable } from "./answer-natively.js";
import { toWebRequest, writeWebResponse } from "./request.js";
import { writeReply } from "./write-reply.js";

/** A node:http request listener: `(req, res) => void`. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Adapts a handler to node:http, for `http.createServer(listener)` or a framework that takes
 * node:http-style handlers. Every request given to it goes to the handler: mount it on the MCP
 * path yourself. The package's own handlers are served natively (no web `Request` or `Response`
 * per request: headers, body and answer go straight between node:http and the endpoint); any
 * other `{ handle(request) }` goes through {@link toWebRequest} and {@link writeWebResponse}.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * const handler = createStreamableHttpHandler({ onSession: (t) => server.connect(t) });
 * const listener = toNodeListener(handler);
 * createServer((req, res) => (req.url === "/mcp" ? listener(req, res) : res.writeHead(404).end())).listen(3000, "127.0.0.1");
 * ```
 */
export function toNodeListener(handler: Pick<StreamableHttpHandler, "handle">): NodeListener {
  if (answersInbound(handler)) return (req, res) => answerNatively(handler, req, res);
  return (req, res) => {
    const request = webRequestOrRefusal(req, res);
    if (request) void handler.handle(request).then((response) => writeWebResponse(response, res));
  };
}

/** Options of {@link serveStreamableHttp}: the handler's, plus where to listen. */
export interface ServeOptions extends StreamableHttpHandlerOptions {
  /** Default `127.0.0.1`. Binding elsewhere needs `allowedHosts` for the names clients use. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
  /** The MCP endpoint's path; other paths go to `fallback`, else get 404. Default `/mcp`. */
  readonly path?: string;
  /**
   * Answers requests to other paths, web-standard: a `Response`, or undefined for 404. For what
   * sits beside a protected endpoint, e.g. the protected-resource metadata document
   * (`protectedResourceMetadata(...).handler` from `@mcpkit/auth`). Default: none.
   *
   * @example
   * ```ts
   * declare const metadata: { handler(request: Request): Response | undefined };
   * await serveStreamableHttp({ onSession: (t) => server.connect(t), fallback: metadata.handler });
   * ```
   */
  readonly fallback?: (request: Request) => Response | undefined | Promise<Response | undefined>;
}

/** A running Streamable HTTP server from {@link serveStreamableHttp}. */
export interface StreamableHttpServer {
  /** The endpoint's URL, e.g. `http://127.0.0.1:49152/mcp`. */
  readonly url: string;
  readonly handler: StreamableHttpHandler;
  readonly httpServer: Server;
  /** Ends every session, stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Serves a Streamable HTTP endpoint on its own node:http server, on 127.0.0.1 unless told otherwise.
 *
 * @example
 * ```ts
 * const http = await serveStreamableHttp({ port: 3000, onSession: (transport) => server.connect(transport) });
 * console.log(http.url); // http://127.0.0.1:3000/mcp
 * ```
 */
export async function serveStreamableHttp(options: ServeOptions): Promise<StreamableHttpServer> {
  const { host = "127.0.0.1", port = 0, path = "/mcp", fallback, ...handlerOptions } = options;
  const handler = createStreamableHttpHandler(handlerOptions);
  const listener = toNodeListener(handler);
  const other = fallback ? fallbackListener(fallback) : notFound;
  const httpServer = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname === path) return listener(req, res);
    other(req, res);
  });
  return serveHandler(httpServer, handler, { host, port, path });
}

function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
}

/** A node listener answering with `fallback`'s web `Response`, or 404 when it has none. */
function fallbackListener(fallback: NonNullable<ServeOptions["fallback"]>): NodeListener {
  return (req, res) => {
    const request = webRequestOrRefusal(req, res);
    if (!request) return;
    Promise.resolve()
      .then(() => fallback(request))
      .then(
        (response) => (response ? writeWebResponse(response, res) : notFound(req, res)),
        () => {
          if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal error");
        },
      );
  };
}

/** `req` as a web `Request`; undefined when it cannot be one, after answering it 400. */
function webRequestOrRefusal(req: IncomingMessage, res: ServerResponse): Request | undefined {
  try {
    return toWebRequest(req, res);
  } catch (error) {
    writeReply(unreadable(error, MALFORMED_REQUEST), res);
    return undefined;
  }
}
