// The server side of a child process: `node server.mjs stdio` serves stdin/stdout; `node server.mjs
// http` (forked, with an IPC channel) listens on 127.0.0.1, sends { url }, and answers { memory }
// requests with its heap after GC (run it with --expose-gc).
import { getHeapSpaceStatistics, getHeapStatistics } from "node:v8";

/** Runs `modes[process.argv[2]]` when `moduleUrl` is the process's main script. */
export async function runAsChild(moduleUrl, modes) {
  if (process.argv[1] !== new URL(moduleUrl).pathname) return;
  const mode = process.argv[2];
  if (mode === "stdio") return modes.stdio();
  if (mode !== "http") throw new Error(`unknown mode ${mode}: expected stdio or http`);
  const url = await modes.http();
  process.on("message", (message) => {
    if (message === "memory") memoryAfterGc().then((memory) => process.send({ memory }));
  });
  // The parent going away (channel closed) ends the server.
  process.on("disconnect", () => process.exit(0));
  process.send({ url });
}

/**
 * Full GCs with a task turn after each, so that FinalizationRegistry callbacks run: they run only
 * in a task after the GC that found their targets dead, and what they hold is garbage by then
 * (node's Request registers one per request given a signal, holding that signal and a listener;
 * measured synchronously after gc() those looked like ~0.5 KiB per session on the mcpkit server).
 */
export async function settledGc() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  globalThis.gc?.();
}

/**
 * Memory after settled full GCs. Besides RSS and heapUsed: heapTotal (heap committed), external and
 * arrayBuffers (off-heap memory V8 knows of), the heap's resident pages (heapPhysical), and of
 * those the young generation's (youngGen). After a full GC the young generation holds nothing; its
 * size is a buffer V8 grows (up to a fixed cap) while scavenges see many surviving objects, so it
 * follows the allocation history, not what the process keeps.
 */
async function memoryAfterGc() {
  await settledGc();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [
      s.space_name,
      { used: s.space_used_size, size: s.space_size, physical: s.physical_space_size },
    ]),
  );
  const youngGen = (spaces.new_space?.physical ?? 0) + (spaces.new_large_object_space?.physical ?? 0);
  return {
    rss,
    heapUsed,
    heapTotal,
    heapPhysical: getHeapStatistics().total_physical_size,
    youngGen,
    external,
    arrayBuffers,
    spaces,
    gc: typeof globalThis.gc === "function",
  };
}
