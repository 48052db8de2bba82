import type { JsonRpcPayload, MessageContext, Transport, TransportHandlers } from "@mcpkit/core";
import { MetaKey } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import { Server, type ServerOptions, type ServerSession } from "../src/index.js";

export const clientInfo = { name: "raw-client", version: "1.0.0" };
export const serverInfo = { name: "test-server", version: "1.0.0" };

/** Lets queued microtasks and a few macrotask turns run. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A transport whose far side is the test: it sends raw JSON and reads exactly what the server wrote. */
export class RawPeer implements Transport {
  readonly received: unknown[] = [];
  private waiters: ((value: unknown) => void)[] = [];
  private handlers: TransportHandlers | undefined;
  private isClosed = false;
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  async start(handlers: TransportHandlers): Promise<void> {
    this.handlers = handlers;
  }

  async send(payload: JsonRpcPayload): Promise<void> {
    if (this.isClosed) throw new Error("closed");
    const value = JSON.parse(JSON.stringify(payload));
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.received.push(value);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.handlers?.onClose();
    this.resolveClosed();
  }

  /** Delivers a message to the server as if it arrived on the wire. */
  deliver(value: unknown, context?: MessageContext): void {
    if (!this.isClosed) this.handlers?.onMessage(JSON.parse(JSON.stringify(value)), context);
  }

  /** The next payload the server writes. */
  next(): Promise<unknown> {
    if (this.received.length > 0) return Promise.resolve(this.received.shift());
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Sends a request and returns the next payload written (the answer, unless a notification comes first). */
  async call(id: number | string, method: string, params?: Record<string, unknown>): Promise<unknown> {
    this.deliver({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return this.next();
  }

  /** Everything written so far, after letting the server finish its work. */
  async drain(): Promise<unknown[]> {
    await settle();
    return this.received.splice(0);
  }
}

export const sessionRevisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
export const allRevisions: readonly Revision[] = [...sessionRevisions, "2026-07-28"];

/** The stateless envelope. */
export function envelope(capabilities: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    [MetaKey.protocolVersion]: "2026-07-28",
    [MetaKey.clientCapabilities]: capabilities,
    [MetaKey.clientInfo]: clientInfo,
    ...extra,
  };
}

/**
 * A client of one revision over a raw peer: session revisions are initialized (handshake consumed);
 * `request` adds the stateless envelope for 2026-07-28.
 */
export class RawClient {
  private nextId = 100;
  constructor(
    readonly peer: RawPeer,
    readonly revision: Revision,
    readonly session: ServerSession,
    readonly capabilities: Record<string, unknown>,
  ) {}

  get stateless(): boolean {
    return this.revision === "2026-07-28";
  }

  /** The params a request of this revision carries. */
  params(params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): Record<string, unknown> {
    if (!this.stateless) return Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params;
    return { ...params, _meta: envelope(this.capabilities, meta) };
  }

  /** Sends a request and returns the answer (the message with its id). */
  async request(method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
    const id = this.nextId++;
    this.peer.deliver({ jsonrpc: "2.0", id, method, params: this.params(params, meta) });
    return { id, answer: (await this.peer.next()) as Record<string, unknown> };
  }

  /** The answer's `result`, failing the test on an error. */
  async result(method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
    const { answer } = await this.request(method, params, meta);
    if (!("result" in answer)) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
    return answer.result as Record<string, unknown>;
  }

  async error(method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
    const { answer } = await this.request(method, params, meta);
    if (!("error" in answer)) throw new Error(`expected an error, got ${JSON.stringify(answer)}`);
    return answer.error as { code: number; message: string; data?: unknown };
  }
}

/** Connects a raw client of `revision` to `server` (initialized in the session era). */
export async function connect(
  server: Server,
  revision: Revision,
  capabilities: Record<string, unknown> = {},
): Promise<RawClient> {
  const peer = new RawPeer();
  const session = await server.connect(peer);
  if (revision !== "2026-07-28") {
    const answer = (await peer.call("init", "initialize", {
      protocolVersion: revision,
      capabilities,
      clientInfo,
    })) as { result?: { protocolVersion?: string } };
    if (answer.result?.protocolVersion !== revision)
      throw new Error(`initialize failed: ${JSON.stringify(answer)}`);
    peer.deliver({ jsonrpc: "2.0", method: "notifications/initialized" });
    await settle(1);
  }
  return new RawClient(peer, revision, session, capabilities);
}

export function newServer(options: ServerOptions = {}): Server {
  return new Server(serverInfo, {
    validateOutbound: true,
    requestState: { secret: "a test secret of enough bytes" },
    ...options,
  });
}

/** Strips the stateless era's result decorations, so results of every revision compare alike. */
export function plain(result: Record<string, unknown>): Record<string, unknown> {
  const { resultType: _r, ttlMs: _t, cacheScope: _c, _meta, ...rest } = result;
  const meta = { ...(_meta as Record<string, unknown> | undefined) };
  delete meta[MetaKey.serverInfo];
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}
