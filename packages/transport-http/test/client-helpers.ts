import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import {
  type AddressInfo,
  type Server as NetServer,
  type Socket,
  connect,
  createServer as createNetServer,
} from "node:net";
import type { JsonRpcPayload, Transport } from "@mcpkit/core";
import { afterEach } from "vitest";
import { Conditions } from "./waiting.js";

/** One HTTP request the scripted server got, with its response still to write. */
export interface Arrival {
  readonly index: number;
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body as JSON, when it is JSON. */
  readonly json: unknown;
  /** When the request arrived (ms since the epoch). */
  readonly at: number;
  readonly res: ServerResponse;
  /** Resolves when the client side went away (aborted or finished) before or after the response. */
  readonly gone: Promise<void>;
  /** Whether the client closed the connection before the response ended. */
  readonly abortedByClient: () => boolean;
}

/** How the scripted server answers; unset: {@link answerPlainly}. */
export type Script = (arrival: Arrival) => void | Promise<void>;

/**
 * A raw node:http server on 127.0.0.1 whose every answer the test writes by hand (status,
 * headers, SSE bytes, dropped sockets), recording every request.
 */
export class ScriptedServer {
  readonly arrivals: Arrival[] = [];
  script: Script = answerPlainly;
  /** TCP connections accepted so far (keep-alive reuses one for many requests). */
  connections = 0;
  private readonly changes = new Conditions();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(script?: Script): Promise<ScriptedServer> {
    let self: ScriptedServer | undefined;
    const server = createServer((req, res) => {
      void self?.arrive(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    self = new ScriptedServer(server, `http://127.0.0.1:${port}/mcp`);
    server.on("connection", () => {
      if (self) self.connections += 1;
    });
    if (script) self.script = script;
    return self;
  }

  /** The requests with this HTTP method, in order. */
  of(method: string): Arrival[] {
    return this.arrivals.filter((arrival) => arrival.method === method);
  }

  /** Resolves once `condition` holds; rejects naming `what` after `ms`. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    return this.changes.until(condition, what, ms);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async arrive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = "";
    req.setEncoding("utf8");
    for await (const chunk of req) body += chunk as string;
    let json: unknown;
    try {
      json = body === "" ? undefined : JSON.parse(body);
    } catch {
      json = undefined;
    }
    let aborted = false;
    const gone = new Promise<void>((resolve) => {
      res.on("close", () => {
        aborted = !res.writableFinished;
        resolve();
        this.notify();
      });
    });
    const arrival: Arrival = {
      index: this.arrivals.length,
      method: req.method ?? "",
      headers: req.headers,
      body,
      json,
      at: Date.now(),
      res,
      gone,
      abortedByClient: () => aborted,
    };
    this.arrivals.push(arrival);
    this.notify();
    try {
      await this.script(arrival);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  }

  private notify(): void {
    this.changes.notify();
  }
}

/** The JSON-RPC method of a POST, if its body is one message. */
export function methodOf(arrival: Arrival): string | undefined {
  const json = arrival.json as { method?: unknown } | undefined;
  return typeof json?.method === "string" ? json.method : undefined;
}

/** The JSON-RPC id of a POST, if its body is one request. */
export function idOf(arrival: Arrival): string | number | undefined {
  const json = arrival.json as { id?: unknown } | undefined;
  return typeof json?.id === "string" || typeof json?.id === "number" ? json.id : undefined;
}

export const SESSION = "session-1";

/**
 * A plain session-era server: initialize → JSON result with a session id; other requests →
 * `{ echo: method }`; notifications and responses → 202; GET → 405; DELETE → 204.
 */
export function answerPlainly(arrival: Arrival): void {
  const { res } = arrival;
  if (arrival.method === "GET") return void res.writeHead(405).end();
  if (arrival.method === "DELETE") return void res.writeHead(204).end();
  const id = idOf(arrival);
  const method = methodOf(arrival);
  if (id === undefined || method === undefined) return void res.writeHead(202).end();
  if (method === "initialize") {
    return void sendJson(res, 200, initializeResult(id), { "mcp-session-id": SESSION });
  }
  sendJson(res, 200, { jsonrpc: "2.0", id, result: { echo: method } });
}

export function initializeResult(id: string | number, protocolVersion = "2025-11-25"): unknown {
  return {
    jsonrpc: "2.0",
    id,
    result: {
      protocolVersion,
      capabilities: { tools: {}, prompts: {}, resources: {} },
      serverInfo: { name: "scripted", version: "1" },
    },
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
}

/** Starts an SSE answer. */
export function openSse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
  res.flushHeaders();
}

/** One SSE event as bytes (`data` may be a JSON value; a string is written as is). */
export function sseEvent(fields: { id?: string; event?: string; retry?: number; data?: unknown }): string {
  let text = "";
  if (fields.id !== undefined) text += `id: ${fields.id}\n`;
  if (fields.event !== undefined) text += `event: ${fields.event}\n`;
  if (fields.retry !== undefined) text += `retry: ${fields.retry}\n`;
  if (fields.data !== undefined) {
    const data = typeof fields.data === "string" ? fields.data : JSON.stringify(fields.data);
    text += `data: ${data}\n`;
  }
  return `${text}\n`;
}

/** Breaks the connection under a response, as a crashed proxy or a network cut would. */
export function dropConnection(res: ServerResponse): void {
  res.socket?.destroy();
}

/** A JSON-RPC notification. */
export function note(method: string, params: Record<string, unknown> = {}): unknown {
  return { jsonrpc: "2.0", method, params };
}

/** A JSON-RPC result response. */
export function result(id: string | number, value: Record<string, unknown>): unknown {
  return { jsonrpc: "2.0", id, result: value };
}

/**
 * Starts a server-side transport as a tiny server: initialize gets a full result
 * ({@link initializeResult}), other requests `{ echo: method }`, each sent related to its request.
 */
export function answerOnTransport(transport: Transport): Promise<void> {
  return transport.start({
    onMessage: (value) => {
      const message = value as { id?: string | number; method?: string };
      if (message.id === undefined || message.method === undefined) return;
      const answer =
        message.method === "initialize"
          ? initializeResult(message.id)
          : result(message.id, { echo: message.method });
      transport.send(answer as JsonRpcPayload, { relatedRequestId: message.id }).catch(() => {});
    },
    onUnreadable: () => {},
    onClose: () => {},
  });
}

/** A TCP proxy on 127.0.0.1 in front of `target`, whose connections the test can cut. */
export class CuttableProxy {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: NetServer,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<CuttableProxy> {
    const { hostname, port, pathname } = new URL(target);
    let self: CuttableProxy | undefined;
    const server = createNetServer((client) => {
      const upstream = connect(Number(port), hostname);
      for (const socket of [client, upstream]) {
        self?.sockets.add(socket);
        socket.on("close", () => self?.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as AddressInfo;
    self = new CuttableProxy(server, `http://127.0.0.1:${address.port}${pathname}`);
    return self;
  }

  /** How many connections are open through the proxy. */
  get connections(): number {
    return this.sockets.size / 2;
  }

  /** Breaks every connection through the proxy at once, as a network cut would. */
  cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** What a test opened (servers, transports), closed after each test. */
class OpenedInTest {
  private readonly items: { close(): Promise<void> }[] = [];

  constructor() {
    afterEach(async () => {
      await Promise.all(this.items.splice(0).map((item) => item.close()));
    });
  }

  push(...items: { close(): Promise<void> }[]): void {
    this.items.push(...items);
  }

  /** A scripted server, closed after the test. */
  async scripted(script?: Script): Promise<ScriptedServer> {
    const server = await ScriptedServer.start(script);
    this.items.push(server);
    return server;
  }
}

/** Call at a test file's top level: `const open = closedAfterEach(); open.push(server)`. */
export function closedAfterEach(): OpenedInTest {
  return new OpenedInTest();
}
