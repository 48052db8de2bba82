import type { Readable, Writable } from "node:stream";
import { StreamTransport } from "./stream-transport.js";

/** Options for a {@link StdioServerTransport}. */
export interface StdioServerTransportOptions {
  /** Where requests arrive. Default `process.stdin`. */
  readonly input?: Readable;
  /** Where responses go. Default `process.stdout`. */
  readonly output?: Writable;
  /** Largest message accepted or sent, in UTF-8 bytes without the line ending. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /**
   * End `output` when the transport closes. Default true for a stream you pass, false for
   * `process.stdout` (which the process keeps for its own exit).
   */
  readonly endOutputOnClose?: boolean;
}

/**
 * The server side of MCP's stdio transport: messages in on the process's stdin, out on its
 * stdout, one JSON value per line. The transport writes nothing else to stdout, so log to stderr
 * (`console.error`), never `console.log`. When stdin reaches end of file (the client closed it)
 * the transport closes and `onClose` is called; it stops reading stdin, so a server with nothing
 * else to do exits on its own.
 *
 * @example
 * ```ts
 * declare const engine: { receive(message: unknown): void; unreadable(frame: UnreadableFrame): void };
 * const transport = new StdioServerTransport();
 * await transport.start({
 *   onMessage: (value) => engine.receive(value),
 *   onUnreadable: (frame) => engine.unreadable(frame),
 *   onClose: () => process.exit(0),
 * });
 * ```
 *
 * @example Explicit streams, for tests or embedding
 * ```ts
 * import { PassThrough } from "node:stream";
 *
 * const input = new PassThrough();
 * const output = new PassThrough();
 * const transport = new StdioServerTransport({ input, output });
 * ```
 */
export class StdioServerTransport extends StreamTransport {
  constructor(options: StdioServerTransportOptions = {}) {
    super({
      input: options.input ?? process.stdin,
      output: options.output ?? process.stdout,
      endOutputOnClose: options.endOutputOnClose ?? options.output !== undefined,
      maxMessageBytes: options.maxMessageBytes,
    });
  }
}
