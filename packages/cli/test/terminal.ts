import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A pseudo-terminal session: one tmux server of its own (its own socket), one window running a
 * shell command. `screen()` is what a person would see; `type()` sends keys.
 */
export class Terminal {
  private readonly socket = `mcpkit-cli-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

  constructor(command: string, cwd: string) {
    // After the command the pane keeps showing its output and the exit code.
    const shell = `${command}; echo "[exit $?]"; sleep 600`;
    this.tmux("new-session", "-d", "-x", "140", "-y", "40", "-c", cwd, shell);
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-J");
  }

  /** Sends keys as tmux names them (`Enter`, `C-c`) or, with `literal`, as text. */
  type(keys: string, literal = true): void {
    this.tmux("send-keys", ...(literal ? ["-l", keys] : [keys]));
  }

  /** Waits until the screen matches (polled: a screen has no events), at most `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let seen = "";
    while (Date.now() < deadline) {
      seen = this.screen();
      if (pattern.test(seen)) return seen;
      await sleep(50);
    }
    throw new Error(`the screen never matched ${pattern}; it shows:\n${seen}`);
  }

  close(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // already gone
    }
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  }
}
