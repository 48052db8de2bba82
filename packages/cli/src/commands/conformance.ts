import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Io } from "../io.js";

/**
 * `mcpkit conformance ...`: the conformance runner (`mcpkit-conformance`), with the same
 * arguments, output and exit code. It runs as a child process with this one's streams: the runner
 * is a program of its own (it speaks the wire itself and imports none of the SDK).
 */
export async function run(argv: readonly string[], _io: Io): Promise<number> {
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve("@mcpkit/conformance/package.json")), "bin/mcpkit-conformance.js");
  const child = spawn(process.execPath, [bin, ...argv], { stdio: "inherit" });
  // Ctrl-C reaches the runner too (same process group): let it decide, and exit as it does.
  const ignore = () => {};
  process.on("SIGINT", ignore);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGINT" ? 130 : 1)));
    });
  } finally {
    process.off("SIGINT", ignore);
  }
}
