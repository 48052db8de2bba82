import { LocalError } from "./errors.js";
import type { JsonRpcPayload } from "./jsonrpc/types.js";
import { SENT, type SendOptions, type Transport, type TransportHandlers } from "./transport.js";

/** Options of an in-memory transport pair. */
export interface InMemoryPairOptions {
  /**
   * Pass every payload through `JSON.stringify`/`JSON.parse`, so tests catch values that would
   * not survive a real wire (undefined, functions, Dates, shared references). Default true.
   */
  readonly json?: boolean;
}

class InMemoryTransport implements Transport {
  peer: InMemoryTransport | undefined;
  private handlers: TransportHandlers | undefined;
  private readonly early: unknown[] = [];
  private isClosed = false;
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(private readonly json: boolean) {}

  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "transport already started");
    this.handlers = handlers;
    for (const value of this.early.splice(0)) handlers.onMessage(value);
  }

  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    if (this.isClosed || !this.peer)
      return Promise.reject(new LocalError("connection_closed", "the in-memory transport is closed"));
    let value: unknown;
    try {
      value = this.json ? this.roundTrip(payload) : payload;
    } catch (error) {
      return Promise.reject(error);
    }
    const peer = this.peer;
    // Deliver on a later microtask, as a real channel would: never re-enter the sender.
    queueMicrotask(() => peer.deliver(value));
    return SENT;
  }

  /** A payload JSON cannot carry (a BigInt, a cycle) cannot be framed: a LocalError, as the contract says. */
  private roundTrip(payload: JsonRpcPayload): unknown {
    try {
      return JSON.parse(JSON.stringify(payload));
    } catch (error) {
      throw new LocalError("invalid_message", "the payload cannot be written as JSON", { cause: error });
    }
  }

  private deliver(value: unknown): void {
    if (this.isClosed) return;
    if (this.handlers) this.handlers.onMessage(value);
    else this.early.push(value);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.shut();
    // Let payloads already in flight reach the peer first, as a real pipe would drain.
    queueMicrotask(() => this.peer?.shut());
  }

  private shut(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.early.length = 0;
    this.handlers?.onClose();
    this.resolveClosed();
  }
}

/**
 * Two linked transports: what one sends, the other receives. For tests and for running a client
 * and a server in one process.
 *
 * @example
 * ```ts
 * const [clientSide, serverSide] = createInMemoryPair();
 * await server.connect(serverSide);
 * await client.connect(clientSide);
 * ```
 */
export function createInMemoryPair(options: InMemoryPairOptions = {}): [Transport, Transport] {
  const json = options.json ?? true;
  const a = new InMemoryTransport(json);
  const b = new InMemoryTransport(json);
  a.peer = b;
  b.peer = a;
  return [a, b];
}
