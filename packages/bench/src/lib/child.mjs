// The server side of a child process: `node server.mjs stdio` serves stdin/stdout; `node server.mjs
// http` (forked, with an IPC channel) listens on 127.0.0.1, sends { url }, and answers { memory }
// requests with its heap after GC (run it with --expose-gc).

/** Runs `modes[process.argv[2]]` when `moduleUrl` is the process's main script. */
export async function runAsChild(moduleUrl, modes) {
  if (process.argv[1] !== new URL(moduleUrl).pathname) return;
  const mode = process.argv[2];
  if (mode === "stdio") return modes.stdio();
  if (mode !== "http") throw new Error(`unknown mode ${mode}: expected stdio or http`);
  const url = await modes.http();
  process.on("message", (message) => {
    if (message === "memory") process.send({ memory: memoryAfterGc() });
  });
  // The parent going away (channel closed) ends the server.
  process.on("disconnect", () => process.exit(0));
  process.send({ url });
}

function memoryAfterGc() {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed, gc: typeof globalThis.gc === "function" };
}
