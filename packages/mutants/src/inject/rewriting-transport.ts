import type { JsonRpcPayload, SendOptions, Transport, TransportHandlers } from "@mcpkit/core";
import type { Assembly } from "@mcpkit/reference";

/** What a defect does to the messages between the real server engine and its real transport. */
export interface Rewrites {
  /** A message (or batch) the server sends; returns what goes on the wire instead ([] drops it). */
  readonly outbound?: (payload: unknown) => unknown[];
  /**
   * A value the server receives; returns what the engine sees instead ([] drops it). `reply`
   * sends something straight back on the wire, bypassing the engine.
   */
  readonly inbound?: (value: unknown, reply: (payload: unknown) => void) => unknown[];
  /** Frames that are not JSON are dropped instead of reaching the engine (which answers them). */
  readonly dropUnreadable?: boolean;
}

/** A transport around the real one that applies {@link Rewrites} in both directions. */
export class RewritingTransport implements Transport {
  constructor(
    private readonly inner: Transport,
    private readonly rewrites: Rewrites,
  ) {}

  get closed(): Promise<void> {
    return this.inner.closed;
  }

  start(handlers: TransportHandlers): Promise<void> {
    const reply = (payload: unknown) => {
      this.inner.send(payload as JsonRpcPayload).catch(() => {});
    };
    return this.inner.start({
      onMessage: (value, context) => {
        const values = this.rewrites.inbound ? this.rewrites.inbound(value, reply) : [value];
        for (const v of values) handlers.onMessage(v, context);
      },
      onUnreadable: (frame) => {
        if (!this.rewrites.dropUnreadable) handlers.onUnreadable(frame);
      },
      onClose: (error) => handlers.onClose(error),
    });
  }

  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    const payloads = this.rewrites.outbound ? this.rewrites.outbound(payload) : [payload];
    for (const p of payloads) await this.inner.send(p as JsonRpcPayload, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * Injects a defect between the server engine and every transport it connects to (any transport:
 * the wrapper sits where `server.connect` receives the transport).
 */
export function rewriting(rewrites: Rewrites): (assembly: Assembly) => Assembly {
  return (assembly) => {
    const server = assembly.definition.server;
    const connect = server.connect.bind(server);
    server.connect = (transport: Transport) => connect(new RewritingTransport(transport, rewrites));
    return assembly;
  };
}

/** Rewrites each outbound message (each element of a batch) with `f`. */
export function eachOutbound(f: (message: unknown) => unknown[]): Rewrites["outbound"] {
  return (payload) => (Array.isArray(payload) ? [payload.flatMap(f)] : f(payload));
}
