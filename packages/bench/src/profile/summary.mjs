/**
 * Self time by function from a .cpuprofile, heaviest first:
 *   node src/profile/summary.mjs /tmp/prof/CPU.*.cpuprofile [top]
 */
import { readFileSync } from "node:fs";

const [file, top = "25"] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*\/node_modules\//, "nm:").replace(/^file:\/\/.*\/packages\//, "")}:${lineNumber + 1}`
    : "";
  const key = `${functionName || "(anonymous)"} ${where}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
  console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

// With a third argument, also the callers (two frames up) of functions whose name contains it.
const callersOf = process.argv[4];
if (callersOf) {
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n);
  const frame = (n) =>
    n
      ? `${n.callFrame.functionName || "(anonymous)"}:${n.callFrame.url.split("/").slice(-3).join("/")}:${n.callFrame.lineNumber + 1}`
      : "-";
  const counts = new Map();
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node.callFrame.functionName.includes(callersOf)) continue;
    const p1 = parent.get(node.id);
    const key = `${frame(p1)} <- ${frame(parent.get(p1?.id))}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`\ncallers of *${callersOf}*:`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n}  ${key}`);
}
