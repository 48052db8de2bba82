import { Deferred } from "../run/time.js";
import { LineReader, MAX_LINE } from "./line-reader.js";
import { ChildHandle, describeExit } from "./process.js";
import type { CloseInfo } from "./wire.js";

/**
 * One server process under test over stdio (`sh -c COMMAND`): its stdout split into lines and
 * handed to whoever reads it now (`onLine`), and why it went away once it did.
 */
export class StdioProcess {
  readonly handle: ChildHandle;
  /** Resolved with a reason once the process cannot be reached any more. */
  readonly gone = new Deferred<string>();
  readonly stdoutClosed = new Deferred<CloseInfo>();
  /** Where lines go; lines that arrive while it is unset are counted in `strays`. */
  onLine: ((line: string, invalidUtf8: boolean) => void) | undefined;
  /** Called once when the process goes away. */
  onGone: (() => void) | undefined;
  /** Lines that arrived while nobody was reading (a process that talks between runs). */
  strays = 0;

  constructor(command: string) {
    const handle = new ChildHandle(command);
    this.handle = handle;
    const reader = new LineReader(
      (line, invalidUtf8) => {
        if (this.onLine) this.onLine(line, invalidUtf8);
        else this.strays++;
      },
      () => this.fail(`stdout line longer than ${MAX_LINE} bytes`),
    );
    handle.child.stdout.on("data", (chunk: Uint8Array) => reader.push(chunk));
    handle.child.stdout.on("end", () => {
      reader.end();
      this.stdoutClosed.resolve({});
    });
    void handle.closedAll.promise.then((exit) => {
      this.fail(`the server process ${describeExit(exit)}${this.stderrNote()}`);
    });
  }

  private stderrNote(): string {
    const tail = this.handle.stderrTail();
    return tail ? `; stderr: ${tail}` : "";
  }

  /** Marks the process gone (first reason wins). */
  fail(reason: string): void {
    if (!this.gone.settled) this.gone.resolve(reason);
    this.onGone?.();
  }

  /** Writes text to stdin unless the process is gone. */
  write(text: string): void {
    if (!this.gone.settled) this.handle.child.stdin.write(text);
  }
}
