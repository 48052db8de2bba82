import type { ChildProcess } from "node:child_process";

/** How a child process ended: an exit code, or the signal that terminated it. */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** "exited with code 3" or "was terminated by SIGKILL". */
export function describeExit(exit: ProcessExit): string {
  return exit.signal !== null ? `was terminated by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** Resolves once the child has been spawned; rejects with the spawn error (ENOENT, EACCES, ...). */
export function spawned(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onSpawn = () => {
      child.off("error", onError);
      resolve();
    };
    const onError = (error: Error) => {
      child.off("spawn", onSpawn);
      reject(error);
    };
    child.once("spawn", onSpawn);
    child.once("error", onError);
  });
}

/** Resolves with how the child exited. */
export function exited(child: ChildProcess): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** How long to wait for the child's pipes to close after it exited (a grandchild may hold them open). */
const PIPE_LINGER_MS = 500;

/**
 * Resolves once the child has exited and its pipes are closed, so everything it wrote has been
 * read; or `PIPE_LINGER_MS` after its exit when something else keeps the pipes open.
 */
export function ended(child: ChildProcess, exit: Promise<ProcessExit>): Promise<ProcessExit> {
  return new Promise((resolve) => {
    child.once("close", (code: number | null, signal: NodeJS.Signals | null) => resolve({ code, signal }));
    void exit.then((status) => setTimeout(() => resolve(status), PIPE_LINGER_MS).unref());
  });
}
