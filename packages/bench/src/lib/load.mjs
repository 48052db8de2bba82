// Drives a call function at a fixed concurrency for a fixed time and records what it cost.
import { childCpuMicros, selfCpuMicros } from "./cpu.mjs";
import { percentile } from "./stats.mjs";

/**
 * Runs `inFlight` workers, each awaiting `call()` back to back, until `ms` have passed (each
 * worker finishes its last call). `calls` may be one function, or one per worker (HTTP clients).
 * `countSelf`/`serverPid` choose whose CPU is counted per operation.
 */
export async function drive({ calls, inFlight, ms, serverPid, countSelf = true }) {
  const pick = (i) => (Array.isArray(calls) ? calls[i] : calls);
  const latencies = [];
  let ops = 0;
  const cpu0 = (countSelf ? selfCpuMicros() : 0) + childCpuMicros(serverPid);
  const start = performance.now();
  const deadline = start + ms;
  const worker = async (i) => {
    const call = pick(i);
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await call();
      latencies.push(performance.now() - t0);
      ops++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, i) => worker(i)));
  const elapsed = performance.now() - start;
  const cpu = (countSelf ? selfCpuMicros() : 0) + childCpuMicros(serverPid) - cpu0;
  return {
    opsPerSec: (ops / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    cpuMicrosPerOp: cpu / ops,
    ops,
  };
}
