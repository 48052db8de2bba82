// The echo matrix shared by the in-process and stdio workloads: each contender's connection is
// opened once, checked, then driven for every (payload, in-flight) case, interleaved with the others.
import { interleaved } from "./compare.mjs";
import { drive } from "./load.mjs";

export const PAYLOAD_BYTES = { "100 B": 100, "10 KB": 10 * 1024, "1 MB": 1024 * 1024 };

/** `opens`: [{ name, open }] where open() resolves to { call(text) -> text, close(), pid? }. */
export async function echoMatrix(opens, { payloads, inFlights, reps, ms }) {
  const opened = [];
  try {
    for (const { name, open } of opens) opened.push({ name, ...(await open()) });
    for (const label of payloads) {
      const text = "x".repeat(PAYLOAD_BYTES[label]);
      for (const c of opened) {
        const echoed = await c.call(text);
        if (echoed !== text)
          throw new Error(`${c.name}: wrong echo for ${label} (${String(echoed).length} chars)`);
      }
    }
    const rows = [];
    for (const label of payloads) {
      const text = "x".repeat(PAYLOAD_BYTES[label]);
      for (const inFlight of inFlights) {
        const runs = new Map(
          opened.map((c) => [
            c.name,
            () => drive({ calls: () => c.call(text), inFlight, ms, serverPid: c.pid }),
          ]),
        );
        const medians = await interleaved(runs, { reps });
        for (const [contender, m] of medians) rows.push({ payload: label, inFlight, contender, ...m });
      }
    }
    return rows;
  } finally {
    for (const c of opened) await c.close();
  }
}

/** The row of one contender in one case. */
export const rowOf = (rows, contender, payload, inFlight) =>
  rows.find((r) => r.contender === contender && r.payload === payload && r.inFlight === inFlight);

export const echoColumns = [
  ["case", "case"],
  ["contender", "contender"],
  ["opsPerSec", "ops/s"],
  ["p50Ms", "p50 ms", 3],
  ["p99Ms", "p99 ms", 3],
  ["cpuMicrosPerOp", "CPU µs/op", 1],
  ["vsMcpkit", "mcpkit ops ×", 2],
];

/** Rows ready for printing: a case label and mcpkit's throughput relative to each contender. */
export function printableRows(rows) {
  return rows.map((r) => {
    const ours = rowOf(rows, "mcpkit", r.payload, r.inFlight);
    return { ...r, case: `${r.payload} ×${r.inFlight}`, vsMcpkit: ours.opsPerSec / r.opsPerSec };
  });
}
