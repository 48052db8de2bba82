import { type IncomingMessage, type Server as HttpServer, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { AuthenticationError, type AuthInfo } from "@mcpkit/core";
import { WebSocketServer } from "ws";
import {
  CloseCode,
  DEFAULT_MAX_MESSAGE_BYTES,
  SUBPROTOCOL,
  defaults,
  incompleteMessagesReason,
  serverDefaults,
} from "./convention.js";
import { IncompleteMessageBudget } from "./incomplete-budget.js";
import { refuse } from "./refuse.js";
import { type ServerConnectionSettings, WebSocketServerTransport } from "./server-transport.js";
import {
  type OriginPolicy,
  type Refusal,
  type UpgradeRequest,
  inspectUpgrade,
  isRefusal,
  unauthorized,
  withoutCredentials,
} from "./upgrade.js";

/** Options of {@link serveWebSocket}. */
export interface WebSocketServeOptions {
  /** Called with each accepted connection's transport; start it (e.g. `server.connect(transport)`). A throw or rejection closes the connection with 1011. */
  readonly onConnection: (transport: WebSocketServerTransport) => unknown;
  /** Share this HTTP(S) server's port: upgrades on `path` are taken, everything else is left alone. Without it the server listens alone. */
  readonly httpServer?: HttpServer;
  /** Listening alone: the host. Default `127.0.0.1`. */
  readonly host?: string;
  /** Listening alone: the port. Default 0 (any free port; see `url`). */
  readonly port?: number;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /** Origins allowed when a request has an `Origin` header (browsers). Default none: requests without `Origin` are not affected. */
  readonly allowedOrigins?: OriginPolicy;
  /**
   * Verifies the credentials of an upgrade request; the same hook shape as the HTTP transports'
   * (`bearerAuth(...)` from `@mcpkit/auth` fits). Return the identity to accept (it becomes every
   * message's `authInfo`), `undefined` to accept anonymously, or throw an `AuthenticationError`
   * to refuse the upgrade with its status, its headers (the `WWW-Authenticate` challenge) and a
   * JSON body `{"error","error_description"}`; `null` refuses with a plain 401. Any other throw is
   * a 500. Without it, no credentials are required.
   */
  readonly authenticate?: (
    request: UpgradeRequest,
  ) => AuthInfo | null | undefined | Promise<AuthInfo | null | undefined>;
  /** Largest inbound or outbound message, in UTF-8 bytes. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** How often to ping each client. Default 30 000 ms; 0 turns keep-alive off. */
  readonly pingIntervalMs?: number;
  /** How long a ping may go unanswered before the connection is closed with 4000. Default 10 000 ms. */
  readonly pongTimeoutMs?: number;
  /** Above this much unsent data per connection, sends wait. Default 1 MiB. */
  readonly highWaterMarkBytes?: number;
  /** Past this much unsent data per connection, the connection is closed with 4001. Default 64 MiB. */
  readonly maxBufferedBytes?: number;
  /** How long to wait for a peer's close frame before dropping its connection. Default 2000 ms. */
  readonly closeTimeoutMs?: number;
  /**
   * Most connections open at once, upgrades being authenticated included. An upgrade over it is
   * refused before the handshake with HTTP 503 and `Retry-After: 5`. Default 1000.
   */
  readonly maxConnections?: number;
  /**
   * Most bytes of inbound messages that have begun to arrive and are not complete (the fragments
   * received so far and the frame in progress), summed over all connections: the memory slow or
   * stalled senders can hold. The connection whose data takes the sum over it is closed with 1009;
   * the others keep their messages. At least `maxMessageBytes`. Default 8 × `maxMessageBytes`
   * (128 MiB).
   */
  readonly maxIncompleteMessageBytes?: number;
  /**
   * How long a connection may go, from the moment it is started, without completing a message (a
   * client that connects and stays silent, or trickles a message that never ends). It is then
   * closed with 1008. Default 30 000 ms; 0 turns the deadline off.
   */
  readonly firstMessageTimeoutMs?: number;
  /** Problems with no caller to report to: a failing `onConnection` or `authenticate`. Default: `console.error`. */
  readonly onError?: (error: Error) => void;
}

/**
 * Serves MCP over WebSocket following docs/websocket.md: either alone on its own port, or on the
 * `upgrade` requests of an existing HTTP server (next to a Streamable HTTP endpoint on the same
 * port). Each accepted connection becomes one {@link WebSocketServerTransport}, handed to
 * `onConnection`.
 *
 * @example Listening alone on 127.0.0.1
 * ```ts
 * const wss = await serveWebSocket({
 *   port: 3001,
 *   onConnection: (transport) => server.connect(transport),
 * });
 * console.log(`MCP over WebSocket at ${wss.url}`); // ws://127.0.0.1:3001/mcp
 * ```
 *
 * @example Sharing a port with other handlers
 * ```ts
 * import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
 *
 * declare const app: (req: IncomingMessage, res: ServerResponse) => void;
 * declare function verify(token: string): Promise<AuthInfo | null>;
 * const http = createServer(app);
 * const wss = await serveWebSocket({
 *   httpServer: http,
 *   path: "/mcp",
 *   allowedOrigins: ["https://app.example.com"],
 *   authenticate: async ({ token }) => (token && (await verify(token))) || null,
 *   onConnection: (transport) => server.connect(transport),
 * });
 * http.listen(8080);
 * ```
 */
export async function serveWebSocket(options: WebSocketServeOptions): Promise<McpWebSocketServer> {
  const server = new McpWebSocketServer(options);
  await server.ready;
  return server;
}

/**
 * A running WebSocket endpoint, from {@link serveWebSocket}.
 *
 * @example
 * ```ts
 * const endpoint = await serveWebSocket({ port: 0, onConnection: (transport) => server.connect(transport) });
 * console.log(endpoint.url, endpoint.connections);
 * await endpoint.close();
 * ```
 */
export class McpWebSocketServer {
  /** @internal */
  readonly ready: Promise<void>;
  private readonly httpServer: HttpServer;
  private readonly ownsHttpServer: boolean;
  private readonly wss: WebSocketServer;
  private readonly live = new Set<WebSocketServerTransport>();
  /** Upgrades that passed the capacity check and are not connections yet (being authenticated). */
  private upgrading = 0;
  private readonly maxConnections: number;
  private readonly incomplete: IncompleteMessageBudget;
  private readonly path: string;
  private closing: Promise<void> | undefined;
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    void this.upgrade(request, socket, head);

  /** @internal Use {@link serveWebSocket}. */
  constructor(private readonly options: WebSocketServeOptions) {
    this.path = options.path ?? "/mcp";
    const limits = checkedLimits(options);
    this.maxConnections = limits.maxConnections;
    this.incomplete = new IncompleteMessageBudget(limits.maxIncompleteMessageBytes);
    this.wss = new WebSocketServer({
      noServer: true,
      // No compression: the size limit then bounds memory directly (docs/websocket.md, section 1).
      perMessageDeflate: false,
      handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
      maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    });
    this.ownsHttpServer = options.httpServer === undefined;
    this.httpServer =
      options.httpServer ??
      createServer((request, response) => {
        const onPath = pathOf(request) === this.path;
        response.writeHead(onPath ? 426 : 404, {
          "Content-Type": "text/plain; charset=utf-8",
          ...(onPath ? { Upgrade: "websocket" } : {}),
        });
        response.end(onPath ? "this endpoint speaks MCP over WebSocket only" : "not found");
      });
    this.httpServer.on("upgrade", this.onUpgrade);
    this.ready = this.ownsHttpServer
      ? new Promise((resolve, reject) => {
          this.httpServer.once("error", reject);
          this.httpServer.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
            this.httpServer.off("error", reject);
            resolve();
          });
        })
      : Promise.resolve();
  }

  /** The endpoint's URL, e.g. `ws://127.0.0.1:41234/mcp`, once the HTTP server listens. */
  get url(): string {
    const address = this.httpServer.address() as AddressInfo | null;
    if (!address || typeof address === "string")
      throw new Error("the HTTP server is not listening on a port");
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return `ws://${host}:${address.port}${this.path}`;
  }

  /** How many connections are open. */
  get connections(): number {
    return this.live.size;
  }

  /** Bytes of inbound messages begun and not complete, across all connections (see `maxIncompleteMessageBytes`). */
  get incompleteMessageBytes(): number {
    return this.incomplete.bytes;
  }

  /**
   * Stops accepting connections, closes the open ones with 1001 (going away) and waits for them;
   * closes the HTTP server if it was created here.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.httpServer.off("upgrade", this.onUpgrade);
      const all = [...this.live];
      for (const transport of all) transport.closeWith(CloseCode.GoingAway, "the server is shutting down");
      await Promise.all(all.map((transport) => transport.closed));
      this.wss.close();
      if (this.ownsHttpServer)
        await new Promise<void>((resolve) => {
          this.httpServer.close(() => resolve());
          this.httpServer.closeAllConnections();
        });
    })();
    return this.closing;
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (pathOf(request) !== this.path) {
      // Sharing a server: another upgrade listener may own this path.
      if (this.ownsHttpServer) refuse(socket, { status: 404, body: "not found" });
      return;
    }
    socket.on("error", () => {});
    if (this.closing) return refuse(socket, { status: 503, body: "the server is shutting down" });
    const inspected = inspectUpgrade(request, this.options.allowedOrigins ?? []);
    if (isRefusal(inspected)) return refuse(socket, inspected);
    // Counted before `authenticate`, which may wait: upgrades in flight cannot overshoot the cap.
    if (this.live.size + this.upgrading >= this.maxConnections)
      return refuse(socket, atCapacity(this.maxConnections));
    this.upgrading++;
    let authInfo: AuthInfo | undefined;
    try {
      if (this.options.authenticate) {
        const verified = await this.options.authenticate(inspected);
        if (verified === null) return refuse(socket, unauthorized("the credentials are missing or invalid"));
        if (verified?.expiresAt !== undefined && verified.expiresAt * 1000 <= Date.now())
          return refuse(socket, unauthorized("the token has expired"));
        authInfo = verified;
      }
    } catch (error) {
      if (error instanceof AuthenticationError) {
        return refuse(socket, {
          status: error.status,
          headers: error.headers,
          contentType: "application/json",
          body: JSON.stringify({ error: error.error, error_description: error.message }),
        });
      }
      this.report(error);
      return refuse(socket, { status: 500, body: "authorization failed" });
    } finally {
      // The callback below runs synchronously, so the slot passes to `live` with no gap.
      this.upgrading--;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const transport = new WebSocketServerTransport(ws, this.settings(inspected, authInfo));
      this.live.add(transport);
      const share = this.incomplete.watch(socket, () =>
        transport.closeOverBudget(incompleteMessagesReason(this.incomplete.limitBytes)),
      );
      void transport.closed.then(() => {
        share.release();
        this.live.delete(transport);
      });
      if (this.closing) return transport.closeWith(CloseCode.GoingAway, "the server is shutting down");
      Promise.resolve()
        .then(() => this.options.onConnection(transport))
        .catch((error: unknown) => {
          this.report(error);
          transport.closeWith(CloseCode.InternalError, "the server failed to serve the connection");
        });
    });
  }

  private settings(request: UpgradeRequest, authInfo: AuthInfo | undefined): ServerConnectionSettings {
    const { options } = this;
    return {
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      highWaterMarkBytes: options.highWaterMarkBytes ?? defaults.highWaterMarkBytes,
      maxBufferedBytes: options.maxBufferedBytes ?? defaults.maxBufferedBytes,
      closeTimeoutMs: options.closeTimeoutMs ?? defaults.closeTimeoutMs,
      pingIntervalMs: options.pingIntervalMs ?? defaults.pingIntervalMs,
      pongTimeoutMs: options.pongTimeoutMs ?? defaults.pongTimeoutMs,
      firstMessageTimeoutMs: options.firstMessageTimeoutMs ?? serverDefaults.firstMessageTimeoutMs,
      context: authInfo
        ? { headers: withoutCredentials(request.headers), authInfo }
        : { headers: withoutCredentials(request.headers) },
    };
  }

  private report(error: unknown): void {
    const reported = error instanceof Error ? error : new Error(String(error));
    (this.options.onError ?? console.error)(reported);
  }
}

/** The server's limits across connections, with their defaults, checked. */
function checkedLimits(options: WebSocketServeOptions) {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const maxConnections = options.maxConnections ?? serverDefaults.maxConnections;
  const maxIncompleteMessageBytes =
    options.maxIncompleteMessageBytes ?? serverDefaults.incompleteMessagesPerMaxMessage * maxMessageBytes;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new RangeError(`maxConnections must be a positive integer (got ${maxConnections})`);
  if (!(maxIncompleteMessageBytes >= maxMessageBytes))
    throw new RangeError(
      `maxIncompleteMessageBytes (${maxIncompleteMessageBytes}) must be at least maxMessageBytes (${maxMessageBytes}), or no message that large could arrive`,
    );
  return { maxConnections, maxIncompleteMessageBytes };
}

function atCapacity(maxConnections: number): Refusal {
  return {
    status: 503,
    body: `the server is at its limit of ${maxConnections} connections; retry later`,
    headers: { "Retry-After": String(serverDefaults.retryAfterSeconds) },
  };
}

function pathOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? "/", "http://localhost").pathname;
  } catch {
    return "";
  }
}
