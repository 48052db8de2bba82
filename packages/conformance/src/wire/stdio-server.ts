import type { Inbox } from "../run/inbox.js";
import { Deferred } from "../run/time.js";
import { LineReader, MAX_LINE } from "./line-reader.js";
import { ChildHandle, describeExit } from "./process.js";
import type { CloseInfo, ExitInfo, Outgoing, Wire } from "./wire.js";

/**
 * Drives a server under test over stdio: starts `sh -c COMMAND` per run, writes one JSON line per
 * message to its stdin and reads newline-delimited messages from its stdout.
 */
export class StdioServerWire implements Wire {
  readonly gone = new Deferred<string>();
  private handle: ChildHandle | undefined;
  private readonly stdoutClosed = new Deferred<CloseInfo>();

  constructor(
    readonly inbox: Inbox,
    private readonly command: string,
  ) {}

  async connect(): Promise<undefined> {
    const handle = new ChildHandle(this.command);
    this.handle = handle;
    const reader = new LineReader(
      (line) => this.inbox.push(line),
      () => this.fail(`stdout line longer than ${MAX_LINE} bytes`),
    );
    handle.child.stdout.setEncoding("utf8");
    handle.child.stdout.on("data", (chunk: string) => reader.push(chunk));
    handle.child.stdout.on("end", () => {
      reader.end();
      this.stdoutClosed.resolve({});
    });
    void handle.closedAll.promise.then((exit) => {
      this.fail(`the server process ${describeExit(exit)}${this.stderrNote()}`);
    });
    return undefined;
  }

  private stderrNote(): string {
    const tail = this.handle?.stderrTail() ?? "";
    return tail ? `; stderr: ${tail}` : "";
  }

  private fail(reason: string): void {
    if (!this.gone.settled) this.gone.resolve(reason);
    this.inbox.wake();
  }

  async send(out: Outgoing): Promise<undefined> {
    const handle = this.handle;
    if (!handle || this.gone.settled) return undefined;
    handle.child.stdin.write(out.newline ? `${out.text}\n` : out.text);
    return undefined;
  }

  async close(): Promise<void> {
    this.handle?.child.stdin.end();
  }

  closed(): Promise<CloseInfo> {
    return this.stdoutClosed.promise;
  }

  exited(): Promise<ExitInfo> | undefined {
    return this.handle?.exit.promise;
  }

  diagnostics(): string {
    return this.handle?.stderrTail() ?? "";
  }

  async dispose(): Promise<void> {
    await this.handle?.stop();
  }
}
