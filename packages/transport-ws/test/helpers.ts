import type {
  JsonRpcPayload,
  MessageContext,
  SendOptions,
  Transport,
  TransportHandlers,
  UnreadableFrame,
} from "@mcpkit/core";
import { WebSocket } from "ws";
import {
  type McpWebSocketServer,
  type WebSocketServeOptions,
  type WebSocketServerTransport,
  serveWebSocket,
} from "../src/index.js";

/** Transport handlers that record everything, with a bounded wait for a condition. */
export class Recorder implements TransportHandlers {
  readonly messages: unknown[] = [];
  readonly contexts: (MessageContext | undefined)[] = [];
  readonly unreadable: UnreadableFrame[] = [];
  readonly closes: (Error | undefined)[] = [];
  private readonly listeners = new Set<() => void>();

  onMessage = (value: unknown, context?: MessageContext): void => {
    this.messages.push(value);
    this.contexts.push(context);
    this.notify();
  };
  onUnreadable = (frame: UnreadableFrame): void => {
    this.unreadable.push(frame);
    this.notify();
  };
  onClose = (error?: Error): void => {
    this.closes.push(error);
    this.notify();
  };

  /** Resolves once `condition` holds; rejects naming `what` after `ms`. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }, ms);
      this.listeners.add(check);
    });
  }

  closed(ms?: number): Promise<void> {
    return this.until(() => this.closes.length > 0, "onClose", ms);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** A server whose connections are queued for the test to take, in order. */
export interface TestServer {
  readonly server: McpWebSocketServer;
  readonly url: string;
  /** The next connection's server transport (not started). */
  next(ms?: number): Promise<WebSocketServerTransport>;
}

export async function startServer(options: Partial<WebSocketServeOptions> = {}): Promise<TestServer> {
  const arrived: WebSocketServerTransport[] = [];
  const waiting: ((transport: WebSocketServerTransport) => void)[] = [];
  const server = await serveWebSocket({
    host: "127.0.0.1",
    port: 0,
    onError: () => {},
    ...options,
    onConnection: async (transport) => {
      await options.onConnection?.(transport);
      const taker = waiting.shift();
      if (taker) taker(transport);
      else arrived.push(transport);
    },
  });
  return {
    server,
    url: server.url,
    next: (ms = 5000) => {
      const ready = arrived.shift();
      if (ready) return Promise.resolve(ready);
      return withTimeout(new Promise((resolve) => waiting.push(resolve)), ms, "a connection");
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A raw `ws` client, for speaking the wire directly. */
export function rawClient(
  url: string,
  protocols: string[] = ["mcp"],
  options: ConstructorParameters<typeof WebSocket>[2] = {},
): WebSocket {
  const socket = new WebSocket(url, protocols, options);
  socket.on("error", () => {});
  return socket;
}

export function opened(socket: WebSocket, ms = 5000): Promise<void> {
  return withTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("close", (code) => reject(new Error(`closed with ${code} before opening`)));
    }),
    ms,
    "open",
  );
}

/** How a raw socket closed, as it saw it. */
export function closeOf(socket: WebSocket, ms = 5000): Promise<{ code: number; reason: string }> {
  return withTimeout(
    new Promise((resolve) =>
      socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    ms,
    "close",
  );
}

/** The HTTP status and body of a refused upgrade, as a raw client sees them. */
export function refusalOf(
  socket: WebSocket,
  ms = 5000,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return withTimeout(
    new Promise((resolve, reject) => {
      socket.once("open", () => reject(new Error("the upgrade was accepted")));
      socket.once("unexpected-response", (_req, response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
          socket.terminate();
        });
      });
    }),
    ms,
    "a refusal",
  );
}

/**
 * Stands in for the server transport before the client has connected, since the contract suite
 * starts `b` before `a` and a WebSocket server only has a transport once a client arrives. It
 * starts the real transport with the suite's handlers as soon as it exists and delegates to it.
 */
export class DeferredTransport implements Transport {
  private real: WebSocketServerTransport | undefined;
  private handlers: TransportHandlers | undefined;
  private readonly arrival: Promise<WebSocketServerTransport>;

  constructor(arrival: Promise<WebSocketServerTransport>) {
    this.arrival = arrival.then(async (real) => {
      this.real = real;
      if (this.handlers) await real.start(this.handlers);
      return real;
    });
    this.arrival.catch(() => {});
  }

  get closed(): Promise<void> {
    return this.arrival.then((real) => real.closed);
  }

  async start(handlers: TransportHandlers): Promise<void> {
    if (this.real) return this.real.start(handlers);
    if (this.handlers) throw new Error("unreachable: started twice before connecting");
    this.handlers = handlers;
  }

  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    return (this.real ?? (await this.arrival)).send(payload, options);
  }

  async close(): Promise<void> {
    return (this.real ?? (await this.arrival)).close();
  }
}
