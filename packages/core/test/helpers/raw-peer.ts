import {
  Connection,
  createInMemoryPair,
  type ConnectionOptions,
  type JsonRpcPayload,
  type MessageContext,
  type Transport,
  type TransportHandlers,
  type UnreadableFrame,
} from "../../src/index.js";

/** Lets queued microtasks and a few macrotask turns run, so everything the engine will write is written. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The far side of a connection, driven by hand: send any value, read exactly what the engine wrote.
 * Built on a scripted transport so tests can also inject unreadable frames and message contexts.
 */
export class RawPeer {
  readonly received: unknown[] = [];
  private waiters: ((value: unknown) => void)[] = [];

  constructor(private readonly transport: ScriptedTransport) {
    transport.onSent = (payload) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(payload);
      else this.received.push(payload);
    };
  }

  /** Delivers a value to the engine as if it arrived on the wire (after a JSON round trip). */
  send(value: unknown, context?: MessageContext): void {
    this.transport.deliver(JSON.parse(JSON.stringify(value)), context);
  }

  unreadable(frame: UnreadableFrame): void {
    this.transport.deliverUnreadable(frame);
  }

  /** The next payload the engine writes (bounded by the test timeout). */
  next(): Promise<unknown> {
    if (this.received.length > 0) return Promise.resolve(this.received.shift());
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Everything written so far, after letting the engine finish its work. */
  async drain(): Promise<unknown[]> {
    await settle();
    return this.received.splice(0);
  }

  /** Simulates the far side hanging up. */
  hangUp(): void {
    this.transport.remoteClose();
  }
}

/** A transport whose far side is the test: payloads sent are recorded, inbound frames are injected. */
export class ScriptedTransport implements Transport {
  onSent: (payload: JsonRpcPayload) => void = () => {};
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
    // As a real wire would: only what survives JSON arrives.
    this.onSent(JSON.parse(JSON.stringify(payload)));
  }

  async close(): Promise<void> {
    this.remoteClose();
  }

  deliver(value: unknown, context?: MessageContext): void {
    if (!this.isClosed) this.handlers?.onMessage(value, context);
  }

  deliverUnreadable(frame: UnreadableFrame): void {
    if (!this.isClosed) this.handlers?.onUnreadable(frame);
  }

  remoteClose(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.handlers?.onClose();
    this.resolveClosed();
  }
}

/** A connection whose peer is driven by hand. */
export async function withRawPeer(
  options: ConnectionOptions,
): Promise<{ connection: Connection; peer: RawPeer }> {
  const transport = new ScriptedTransport();
  const peer = new RawPeer(transport);
  const connection = new Connection({ validateOutbound: true, ...options });
  await connection.connect(transport);
  return { connection, peer };
}

/** Two engine connections linked in memory (JSON round trip on). */
export async function linked(
  clientOptions: ConnectionOptions,
  serverOptions: ConnectionOptions,
): Promise<{ client: Connection; server: Connection }> {
  const [clientSide, serverSide] = createInMemoryPair();
  const server = new Connection({ validateOutbound: true, ...serverOptions });
  const client = new Connection({ validateOutbound: true, validateResults: true, ...clientOptions });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, server };
}
