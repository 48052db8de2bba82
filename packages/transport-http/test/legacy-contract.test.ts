import {
  type JsonRpcPayload,
  LocalError,
  type MessageContext,
  type Transport,
  type TransportHandlers,
  type UnreadableFrame,
} from "@mcpkit/core";
import { runTransportContract, type TransportPair } from "@mcpkit/transport-contract";
import { LegacySseClientTransport } from "../src/index.js";
import { startLegacy } from "./legacy-helpers.js";

/** Fits the suite's 8 MiB large message, which frames to about 9.5 MiB of JSON. */
const MAX_BYTES = 10 * 1024 * 1024;

type Event =
  | ["message", unknown, MessageContext | undefined]
  | ["unreadable", UnreadableFrame]
  | ["close", Error | undefined];

/**
 * The client transport, started by the pair factory (a legacy session exists only once its GET
 * is made, and the suite wants `b` before anything is started), with whatever arrives before the
 * suite's own `start` held and handed over then, in order.
 */
class StartedEarly implements Transport {
  private handlers: TransportHandlers | undefined;
  private readonly held: Event[] = [];

  constructor(private readonly real: LegacySseClientTransport) {}

  get closed(): Promise<void> {
    return this.real.closed;
  }

  /** Starts the real transport with handlers that hold events until {@link start}. */
  open(): Promise<void> {
    return this.real.start({
      onMessage: (value, context) => this.pass(["message", value, context]),
      onUnreadable: (frame) => this.pass(["unreadable", frame]),
      onClose: (error) => this.pass(["close", error]),
    });
  }

  async start(handlers: TransportHandlers): Promise<void> {
    // What the real transport says to a second start (its own start was the factory's).
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    this.handlers = handlers;
    for (const event of this.held.splice(0)) this.pass(event);
  }

  send(payload: JsonRpcPayload): Promise<void> {
    return this.real.send(payload);
  }

  close(): Promise<void> {
    return this.real.close();
  }

  private pass(event: Event): void {
    const handlers = this.handlers;
    if (!handlers) {
      this.held.push(event);
      return;
    }
    if (event[0] === "message") handlers.onMessage(event[1], event[2]);
    else if (event[0] === "unreadable") handlers.onUnreadable(event[1]);
    else handlers.onClose(event[1]);
  }
}

// a: the client transport; b: its session's server transport, on a real node:http server on 127.0.0.1.
async function pair(): Promise<TransportPair> {
  const server = await startLegacy({ maxBodyBytes: MAX_BYTES, maxMessageBytes: MAX_BYTES });
  const a = new StartedEarly(new LegacySseClientTransport(server.url, { maxMessageBytes: MAX_BYTES }));
  await a.open();
  const b = await server.next();
  return {
    a,
    b,
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
      await server.http.close();
    },
  };
}

runTransportContract("legacy HTTP+SSE on 127.0.0.1", pair, { maxMessageBytes: MAX_BYTES });
