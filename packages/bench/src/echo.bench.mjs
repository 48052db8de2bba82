/**
 * tools/call echo round trips per second (100-byte argument, one call in flight), mcpkit's engine
 * and the official MCP TypeScript SDK (1.x) side by side in one process run: in-process linked
 * transports, and a client spawning a stdio server. Interleaved repetitions, medians, ratios.
 * Run: pnpm --filter @mcpkit/bench bench
 */
import { compare } from "./measure.mjs";
import { mcpkitInProcess, mcpkitStdio } from "./mcpkit/echo-clients.mjs";
import { officialInProcess, officialStdio } from "./official/echo-clients.mjs";

const payload = "x".repeat(100);
const workloads = [
  {
    name: "in-process",
    contenders: [
      ["mcpkit", mcpkitInProcess],
      ["official sdk 1.x", officialInProcess],
    ],
  },
  {
    name: "stdio",
    contenders: [
      ["mcpkit", mcpkitStdio],
      ["official sdk 1.x", officialStdio],
    ],
  },
];

console.log(`tools/call echo, 100 B argument, sequential round trips (node ${process.version})`);
console.log("workload".padEnd(12), "mcpkit".padStart(14), "official".padStart(14), "ratio".padStart(8));
for (const workload of workloads) {
  const opened = [];
  for (const [name, open] of workload.contenders) opened.push({ name, ...(await open()) });
  for (const c of opened) {
    const answer = await c.call("check");
    if (answer?.content?.[0]?.text !== "check")
      throw new Error(`${c.name}: wrong echo ${JSON.stringify(answer)}`);
  }
  const rates = await compare(opened, payload);
  for (const c of opened) await c.close();
  const ours = rates.get("mcpkit");
  const theirs = rates.get("official sdk 1.x");
  console.log(
    workload.name.padEnd(12),
    `${Math.round(ours)}/s`.padStart(14),
    `${Math.round(theirs)}/s`.padStart(14),
    `${(ours / theirs).toFixed(2)}x`.padStart(8),
  );
}
