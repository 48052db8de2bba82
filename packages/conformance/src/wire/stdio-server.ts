import type { Inbox } from "../run/inbox.js";
import { Deferred } from "../run/time.js";
import { StdioProcess } from "./stdio-process.js";
import type { CloseInfo, ExitInfo, Outgoing, Wire } from "./wire.js";

/**
 * Drives a server under test over stdio: starts `sh -c COMMAND` per run, writes one JSON line per
 * message to its stdin and reads newline-delimited messages from its stdout.
 */
export class StdioServerWire implements Wire {
  readonly gone = new Deferred<string>();
  protected proc: StdioProcess | undefined;

  constructor(
    readonly inbox: Inbox,
    protected readonly command: string,
  ) {}

  /** The process this run talks to, started on first use. */
  protected process(): StdioProcess {
    this.proc ??= this.start();
    return this.proc;
  }

  /** A fresh process, its lines into this run's inbox. */
  protected start(): StdioProcess {
    const proc = new StdioProcess(this.command);
    this.attach(proc);
    return proc;
  }

  protected attach(proc: StdioProcess): void {
    proc.onLine = (line, invalidUtf8) => this.received(line, invalidUtf8);
    proc.onGone = () => {
      this.gone.resolve(proc.gone.value ?? "the server process is gone");
      this.inbox.wake();
    };
    if (proc.gone.settled) proc.onGone();
  }

  protected received(line: string, invalidUtf8 = false): void {
    this.inbox.push(line, invalidUtf8 ? { invalidUtf8 } : {});
  }

  async connect(): Promise<undefined> {
    this.process();
    return undefined;
  }

  async send(out: Outgoing): Promise<undefined> {
    if (this.gone.settled) return undefined;
    this.process().write(out.newline ? `${out.text}\n` : out.text);
    return undefined;
  }

  async close(): Promise<void> {
    this.proc?.handle.child.stdin.end();
  }

  closed(): Promise<CloseInfo> {
    return this.process().stdoutClosed.promise;
  }

  exited(): Promise<ExitInfo> | undefined {
    return this.proc?.handle.exit.promise;
  }

  diagnostics(): string {
    return this.proc?.handle.stderrTail() ?? "";
  }

  async dispose(): Promise<void> {
    await this.proc?.handle.stop();
  }
}
