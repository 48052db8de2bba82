import type { Readable, Writable } from "node:stream";
import {
  LocalError,
  type JsonRpcPayload,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { NdjsonChannel } from "./channel.js";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./frame.js";

/** Options for a {@link StreamTransport}. */
export interface StreamTransportOptions {
  /** Where messages arrive: one JSON value per line. */
  readonly input: Readable;
  /** Where messages go: one JSON value per line. */
  readonly output: Writable;
  /** Largest message accepted or sent, in UTF-8 bytes without the line ending. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** End `output` when the transport closes, so the peer sees end of file. Default true. */
  readonly endOutputOnClose?: boolean;
}

/**
 * Newline-delimited JSON (the MCP stdio framing) over any pair of Node streams: pipes, sockets,
 * or in-process `PassThrough` streams in tests. Closes when the input ends, when either stream
 * fails (with a `LocalError("transport_failed")`), or when `close` is called.
 *
 * @example
 * ```ts
 * import { connect } from "node:net";
 * const socket = connect("/tmp/mcp.sock");
 * const transport = new StreamTransport({ input: socket, output: socket });
 * await transport.start({ onMessage: console.log, onUnreadable: console.warn, onClose: () => {} });
 * await transport.send({ jsonrpc: "2.0", id: 1, method: "ping" });
 * ```
 */
export class StreamTransport implements Transport {
  private readonly channel: NdjsonChannel;
  private readonly endOutputOnClose: boolean;
  private started = false;

  constructor(options: StreamTransportOptions) {
    this.channel = new NdjsonChannel(
      options.input,
      options.output,
      options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    );
    this.endOutputOnClose = options.endOutputOnClose ?? true;
  }

  get closed(): Promise<void> {
    return this.channel.closed;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.started) throw new LocalError("invalid_message", "the transport is already started");
    if (this.channel.isFinished) throw new LocalError("connection_closed", "the transport is closed");
    this.started = true;
    this.channel.open(handlers, {
      inputEnded: () => this.shut(),
      outputLost: (error) => this.shut(error && failure("writing failed", error)),
      inputFailed: (error) => this.shut(failure("reading failed", error)),
    });
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    return this.channel.send(payload);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    this.shut();
    return this.closed;
  }

  private shut(error?: Error): void {
    if (this.channel.isFinished) return;
    if (this.endOutputOnClose) this.channel.endOutput();
    this.channel.finish(error);
  }
}

function failure(what: string, cause: Error): LocalError {
  return new LocalError("transport_failed", `${what}: ${cause.message}`, { cause });
}
