import { createInterface, type Interface } from "node:readline/promises";
import type { Io } from "../io.js";

/**
 * Asks the person at the terminal, one line at a time (prompts on stderr, answers from stdin).
 * Ctrl-C while asking calls `onInterrupt` (the command cancels its call).
 */
export class Asker {
  private rl: Interface | undefined;
  constructor(
    private readonly io: Io,
    private readonly onInterrupt: () => void,
  ) {}

  async ask(question: string, signal?: AbortSignal): Promise<string> {
    this.rl ??= this.open();
    return (await this.rl.question(question, { signal: signal ?? new AbortController().signal })).trim();
  }

  close(): void {
    this.rl?.close();
    this.rl = undefined;
  }

  private open(): Interface {
    const rl = createInterface({ input: this.io.stdin, output: process.stderr, terminal: this.io.inIsTty });
    rl.on("SIGINT", () => this.onInterrupt());
    return rl;
  }
}
