import { type ChildProcess, spawn } from "node:child_process";
import { basename } from "node:path";
import {
  LocalError,
  type Logger,
  logTo,
  type JsonRpcPayload,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { NdjsonChannel } from "./channel.js";
import { type ChildEnvironmentOptions, childEnvironment } from "./environment.js";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./frame.js";
import { type ProcessExit, describeExit, ended, exited, spawned } from "./process-exit.js";
import { stopChild } from "./shutdown.js";
import { type StderrMode, forwardStderr } from "./stderr.js";
import { StderrTail } from "./stderr-tail.js";

/** Options for a {@link StdioClientTransport}. */
export interface StdioClientTransportOptions extends ChildEnvironmentOptions {
  /** The server's executable, found on the `PATH` of the child's environment. No shell is involved. */
  readonly command: string;
  readonly args?: readonly string[];
  /** The server's working directory. Default: this process's. */
  readonly cwd?: string;
  /**
   * The server's stderr, which is its log and never a sign of failure: `"inherit"` (default)
   * shares this process's stderr, `"ignore"` drops it, a function receives it as UTF-8 text.
   */
  readonly stderr?: "inherit" | "ignore" | ((text: string) => void);
  /** Whether a `stderr` function is called per line (default) or per chunk read. */
  readonly stderrMode?: StderrMode;
  /**
   * How many of the last stderr lines to keep for the error that reports an unexpected exit
   * (`transport_failed`, "…exited with code 3; its stderr ended with: …"), each cut at 1000
   * characters. Default 20 when `stderr` is a function, else 0. Given with `"inherit"`, stderr is
   * piped and copied to this process's stderr, so its lines can be kept.
   */
  readonly stderrTail?: number;
  /**
   * A structured logger (pino's signature; `console` fits too): `warn` when the server exits
   * unexpectedly (the error, with its stderr tail, as `err`), `error` when a pipe to it broke.
   */
  readonly logger?: Logger;
  /** Largest message accepted or sent, in UTF-8 bytes without the line ending. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** On close, how long the server has to exit after its stdin is closed, before SIGTERM. Default 2000 ms. */
  readonly stdinGraceMs?: number;
  /** On close, how long the server has to exit after SIGTERM, before SIGKILL. Default 2000 ms. */
  readonly sigtermGraceMs?: number;
}

type State = "new" | "starting" | "open" | "closed";

/**
 * The client side of MCP's stdio transport: launches the server as a child process and speaks
 * newline-delimited JSON on its stdin and stdout.
 *
 * - The child gets only a small safe set of environment variables ({@link defaultInheritedEnv})
 *   plus `env`, so the parent's secrets do not leak into every server.
 * - `start` rejects with `LocalError("transport_failed")` when the command cannot be spawned.
 * - `close` closes the child's stdin, waits `stdinGraceMs`, sends SIGTERM, waits
 *   `sigtermGraceMs`, then SIGKILL; it resolves once the child has exited.
 * - A child that exits on its own with code 0 closes the transport without an error (the server
 *   ended the session); any other exit closes it with a `LocalError("transport_failed")` saying
 *   how (`exited with code 3`, `was terminated by SIGKILL`).
 *
 * @example
 * ```ts
 * const transport = new StdioClientTransport({
 *   command: "npx",
 *   args: ["-y", "@example/mcp-server"],
 *   env: { EXAMPLE_API_KEY: process.env.EXAMPLE_API_KEY },
 *   stderr: (line) => console.error(`[server] ${line}`),
 * });
 * await transport.start({
 *   onMessage: (value) => console.log(value),
 *   onUnreadable: (frame) => console.warn(frame.detail),
 *   onClose: (error) => error && console.error(error.message),
 * });
 * await transport.send({ jsonrpc: "2.0", id: 1, method: "ping" });
 * await transport.close();
 * ```
 */
export class StdioClientTransport implements Transport {
  private state: State = "new";
  private child: ChildProcess | undefined;
  private channel: NdjsonChannel | undefined;
  private launching: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private closeRequested = false;
  private failure: Error | undefined;
  private exit: ProcessExit | undefined;
  private exitPromise: Promise<ProcessExit> | undefined;
  private tail = new StderrTail(0);
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(private readonly options: StdioClientTransportOptions) {}

  /** A new, unstarted transport with the same options: it starts the server again. */
  reopen(): StdioClientTransport {
    return new StdioClientTransport(this.options);
  }

  /** The child's process id once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the child wrote to stderr (see `stderrTail`), oldest first. */
  get stderrTail(): readonly string[] {
    return this.tail.lines;
  }

  /** How the child exited, once it has. */
  get exitStatus(): ProcessExit | undefined {
    return this.exit;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  start(handlers: TransportHandlers): Promise<void> {
    if (this.state !== "new")
      return Promise.reject(new LocalError("invalid_message", "the transport is already started"));
    this.state = "starting";
    this.launching = this.launch(handlers);
    return this.launching;
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    if (!this.channel || this.state !== "open")
      return Promise.reject(new LocalError("connection_closed", "the stdio transport is not open"));
    return this.channel.send(payload);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    this.closeRequested = true;
    if (this.state === "new") this.markClosed();
    if (this.state === "starting") await this.launching?.catch(() => {});
    if (this.state === "open") {
      this.channel?.mute();
      await this.stop();
    }
    return this.closed;
  }

  private async launch(handlers: TransportHandlers): Promise<void> {
    const { options } = this;
    const stderr = options.stderr ?? "inherit";
    const keep = options.stderrTail ?? (typeof stderr === "function" ? 20 : 0);
    const piped = typeof stderr === "function" || (stderr === "inherit" && keep > 0);
    this.tail = new StderrTail(stderr === "ignore" ? 0 : keep);
    let child: ChildProcess;
    try {
      child = spawn(options.command, options.args ?? [], {
        cwd: options.cwd,
        env: childEnvironment(options),
        stdio: ["pipe", "pipe", piped ? "pipe" : stderr],
        windowsHide: true,
      });
      await spawned(child);
    } catch (error) {
      this.markClosed();
      throw new LocalError(
        "transport_failed",
        `could not start the server "${options.command}": ${(error as Error).message}`,
        { cause: error },
      );
    }
    const { stdin, stdout } = child;
    if (!stdin || !stdout) throw new Error("unreachable: stdin and stdout are pipes");
    this.child = child;
    const channel = new NdjsonChannel(stdout, stdin, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
    this.channel = channel;
    if (piped && child.stderr) {
      const sink = typeof stderr === "function" ? stderr : (text: string) => process.stderr.write(text);
      forwardStderr(
        child.stderr,
        typeof stderr === "function" ? (options.stderrMode ?? "line") : "chunk",
        sink,
      );
      const tail = this.tail;
      if (keep > 0) forwardStderr(child.stderr, "line", (line) => tail.push(line));
    }
    channel.open(handlers, {
      // The process's exit decides, not its stdout: it may still exit with an error code.
      inputEnded: () => {},
      outputLost: (error) => error && this.fail(error),
      inputFailed: (error) => this.fail(error),
    });
    this.exitPromise = exited(child);
    void ended(child, this.exitPromise).then((status) => this.settle(status));
    this.state = "open";
    if (this.closeRequested) {
      channel.mute();
      void this.stop();
    }
  }

  /** A pipe broke while the child may still run: stop it, and report the failure with its exit. */
  private fail(error: Error): void {
    // After the child's exit, a broken pipe is a consequence, not news: the exit is reported instead.
    const child = this.child;
    if (this.closeRequested || this.failure || !child || child.exitCode !== null || child.signalCode !== null)
      return;
    logTo(
      this.options.logger,
      "error",
      { err: error, pid: child.pid },
      "a pipe to the server broke; stopping it",
    );
    this.failure = error;
    void this.stop();
  }

  private stop(): Promise<void> {
    const { child, channel } = this;
    if (!child || !channel) return this.closed;
    this.stopping ??= (async () => {
      channel.endOutput();
      await stopChild(child, this.exitPromise ?? exited(child), {
        afterStdinClose: this.options.stdinGraceMs ?? 2000,
        afterSigterm: this.options.sigtermGraceMs ?? 2000,
      });
      await this.closed;
    })();
    return this.stopping;
  }

  private settle(status: ProcessExit): void {
    if (this.state === "closed") return;
    this.exit = status;
    this.state = "closed";
    // Exiting with code 0 is how a server may end the session itself (MCP lifecycle: close stdout, exit).
    const clean = this.closeRequested || (status.code === 0 && !this.failure);
    const error = clean
      ? undefined
      : new LocalError(
          "transport_failed",
          `the server "${basename(this.options.command)}" ${describeExit(status)}${this.tail.describe()}`,
          this.failure ? { cause: this.failure } : undefined,
        );
    if (error) logTo(this.options.logger, "warn", { err: error, ...status }, error.message);
    this.channel?.finish(error);
    // Only left open when a grandchild holds the pipes; they must not keep this process alive.
    this.child?.stdout?.destroy();
    this.child?.stderr?.destroy();
    this.markClosed();
  }

  private markClosed(): void {
    this.state = "closed";
    this.resolveClosed();
  }
}
