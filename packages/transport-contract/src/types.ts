/**
 * The shapes the suite works with. They mirror `@mcpkit/core`'s `Transport` and JSON-RPC types
 * structurally instead of importing them: core runs this suite in its own tests, and a
 * dependency back on core would be a cycle (turbo refuses it, and core's tests use its sources
 * while a dependency would load its build). Core's `Transport` is assignable to
 * `ContractTransport`, which core's contract test checks at compile time.
 */

export type RequestId = string | number;

export interface ContractRequest {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface ContractNotification {
  readonly jsonrpc: "2.0";
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface ContractResult {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly result: Readonly<Record<string, unknown>>;
}

export interface ContractError {
  readonly jsonrpc: "2.0";
  readonly id: RequestId | null;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
}

export type ContractMessage = ContractRequest | ContractNotification | ContractResult | ContractError;

/** One frame: a message or a batch array. */
export type ContractPayload = ContractMessage | readonly ContractMessage[];

export interface ContractUnreadableFrame {
  readonly problem: "parse" | "too_large";
  readonly detail: string;
}

export interface ContractHandlers {
  onMessage(value: unknown, context?: unknown): void;
  onUnreadable(frame: ContractUnreadableFrame): void;
  onClose(error?: Error): void;
}

/** The part of core's `Transport` the suite exercises. */
export interface ContractTransport {
  start(handlers: ContractHandlers): Promise<void>;
  send(payload: ContractPayload, options?: { readonly relatedRequestId?: RequestId }): Promise<void>;
  close(): Promise<void>;
  readonly closed: Promise<void>;
}

/**
 * Two connected transports in this process, not yet started. What `a` sends, `b` receives, and
 * the other way. For a client/server transport, `a` is the client side and `b` the server side.
 */
export interface TransportPair {
  readonly a: ContractTransport;
  readonly b: ContractTransport;
  /**
   * Writes one raw frame (its text, without any delimiter) into the channel `b` reads, bypassing
   * `a`'s framing. Required when `rawFrames` is set; lets the suite check unreadable input.
   */
  writeRawToB?(frame: string): Promise<void>;
  /**
   * Releases everything the pair holds (pipes, servers, processes). Called after every check,
   * whether the transports are open, closed or half-closed, so it must tolerate all three.
   */
  dispose(): Promise<void>;
}

export type TransportPairFactory = () => Promise<TransportPair>;

/** How a transport differs from the full contract. Every field is optional. */
export interface ContractOptions {
  /**
   * The largest payload both transports accept, as the UTF-8 length of `JSON.stringify(payload)`
   * (no delimiter). When given, a payload of exactly this size must be delivered and one byte
   * more must make `send` reject with `LocalError("message_too_large")`. Default: no limit, and
   * the limit checks are skipped.
   */
  readonly maxMessageBytes?: number;
  /** `b` can close the connection itself. Default true. */
  readonly closeFromB?: boolean;
  /**
   * `b` can send a payload that is not a reply (a reply carries `relatedRequestId`) at any time.
   * Default true; when false, the checks that need it are skipped.
   */
  readonly bCanInitiate?: boolean;
  /** The transport carries batch arrays. Default true. */
  readonly batches?: boolean;
  /**
   * Payloads travel as JSON text, so a value JSON cannot carry (a BigInt, a cycle) makes `send`
   * reject with `LocalError("invalid_message")`. Default true; false for a pass-by-reference
   * transport.
   */
  readonly jsonFraming?: boolean;
  /** The factory's pairs implement `writeRawToB`. Default false. */
  readonly rawFrames?: boolean;
  /** The large-message check's string, in UTF-8 bytes. Default 8 MiB. */
  readonly largeMessageBytes?: number;
  /** The time budget of each check, in ms; a wait that exceeds it fails the check. Default 15 000. */
  readonly timeoutMs?: number;
  /** How long a check watches for something that must not happen (a late message, a second onClose), in ms. Default 25. */
  readonly quietMs?: number;
}
