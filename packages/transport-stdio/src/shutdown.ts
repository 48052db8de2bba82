import type { ChildProcess } from "node:child_process";
import type { ProcessExit } from "./process-exit.js";

/** Grace periods for stopping a child, in milliseconds. */
export interface ShutdownGrace {
  /** After closing the child's stdin, before SIGTERM. */
  readonly afterStdinClose: number;
  /** After SIGTERM, before SIGKILL. */
  readonly afterSigterm: number;
}

/**
 * Stops a child the way the MCP lifecycle asks: close its stdin and wait, then SIGTERM and wait,
 * then SIGKILL. Resolves with how it exited. (On Windows both signals end the process at once.)
 */
export async function stopChild(
  child: ChildProcess,
  exit: Promise<ProcessExit>,
  grace: ShutdownGrace,
): Promise<ProcessExit> {
  if (child.stdin && !child.stdin.destroyed && !child.stdin.writableEnded) child.stdin.end();
  const afterStdin = await within(exit, grace.afterStdinClose);
  if (afterStdin) return afterStdin;
  child.kill("SIGTERM");
  const afterTerm = await within(exit, grace.afterSigterm);
  if (afterTerm) return afterTerm;
  child.kill("SIGKILL");
  return exit;
}

/** The promise's value if it settles within `ms`, otherwise undefined. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
