#!/usr/bin/env node
import { main } from "./cli/main.js";
import { killAllChildren } from "./wire/process.js";

// Implementations run in their own process groups: end them too when the runner is interrupted.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killAllChildren();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/**
 * Exits once stdout and stderr are flushed. Why not just set exitCode: bounded waits that lost
 * their race (up to --step-timeout or --timeout long) still hold timers after the last run, and
 * would keep the process alive that long after the report is printed.
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
}).then(exitWhenFlushed, (error: unknown) => {
  process.stderr.write(`mcpkit-conformance: internal error: ${String(error)}\n`);
  exitWhenFlushed(2);
});
