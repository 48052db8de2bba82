import type { ContractHandlers, ContractPayload, ContractTransport, TransportPair } from "../src/index.js";

/** A stand-in for core's LocalError: the suite matches errors by name and code. */
class LocalError extends Error {
  override readonly name = "LocalError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One way to break the contract, for checking that the suite notices. */
export type Fault =
  | "reorders"
  | "calls-onClose-twice"
  | "sends-after-close"
  | "drops-in-flight-on-close"
  | "ignores-size-limit"
  | "throws-raw-errors"
  | "shares-one-bus"
  | "loses-id-types";

/** Every transport made with "shares-one-bus" also delivers to this one's handlers. */
const bus = new Set<ReferenceTransport>();

/**
 * A small correct transport for the suite's own tests: JSON text frames handed over on a
 * microtask, a byte limit on both ends, and raw frames. A `fault` breaks one rule on purpose.
 */
class ReferenceTransport implements ContractTransport {
  peer: ReferenceTransport | undefined;
  private handlers: ContractHandlers | undefined;
  private readonly early: string[] = [];
  private held: string | undefined;
  private isClosed = false;
  private resolveClosed = () => {};
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(
    private readonly maxBytes: number,
    private readonly fault: Fault | undefined,
  ) {}

  async start(handlers: ContractHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "already started");
    this.handlers = handlers;
    if (this.fault === "shares-one-bus") bus.add(this);
    for (const frame of this.early.splice(0)) this.read(frame);
  }

  async send(payload: ContractPayload): Promise<void> {
    if (this.isClosed && this.fault !== "sends-after-close")
      throw new LocalError("connection_closed", "closed");
    let frame: string;
    try {
      frame = JSON.stringify(payload);
    } catch (error) {
      if (this.fault === "throws-raw-errors") throw error;
      throw new LocalError("invalid_message", "not JSON");
    }
    if (this.fault === "loses-id-types") frame = frame.replace(/"id":"(\d+)"/, '"id":$1');
    if (byteLength(frame) > this.maxBytes && this.fault !== "ignores-size-limit") {
      throw new LocalError("message_too_large", "too large");
    }
    this.transmit(frame);
  }

  /** What a raw write into the peer's channel does: the frame arrives as is. */
  transmit(frame: string): void {
    const peer = this.peer;
    if (!peer) return;
    queueMicrotask(() => peer.receive(frame));
    if (this.fault === "shares-one-bus") {
      for (const other of bus)
        if (other !== peer && other !== this) queueMicrotask(() => other.receive(frame));
    }
  }

  private receive(frame: string): void {
    if (this.isClosed) return;
    if (!this.handlers) {
      this.early.push(frame);
      return;
    }
    if (this.fault === "reorders" && this.held === undefined) {
      this.held = frame;
      return;
    }
    this.read(frame);
    if (this.held !== undefined) {
      const held = this.held;
      this.held = undefined;
      this.read(held);
    }
  }

  private read(frame: string): void {
    if (byteLength(frame) > this.maxBytes && this.fault !== "ignores-size-limit") {
      this.handlers?.onUnreadable({ problem: "too_large", detail: `${byteLength(frame)} bytes` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(frame);
    } catch (error) {
      this.handlers?.onUnreadable({ problem: "parse", detail: String(error) });
      return;
    }
    this.handlers?.onMessage(value);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.shut();
    const peer = this.peer;
    // Frames already handed over reach the peer before it learns of the close.
    if (this.fault === "drops-in-flight-on-close") peer?.shut();
    else queueMicrotask(() => peer?.shut());
  }

  private shut(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    bus.delete(this);
    this.handlers?.onClose();
    if (this.fault === "calls-onClose-twice") this.handlers?.onClose();
    this.resolveClosed();
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function referencePair(maxBytes: number, fault?: Fault): TransportPair {
  const a = new ReferenceTransport(maxBytes, fault);
  const b = new ReferenceTransport(maxBytes, fault);
  a.peer = b;
  b.peer = a;
  return {
    a,
    b,
    writeRawToB: async (frame) => a.transmit(frame),
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
    },
  };
}
