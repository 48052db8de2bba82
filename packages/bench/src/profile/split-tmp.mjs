import { readFileSync } from "node:fs";
import { contenders } from "./../contenders/index.mjs";
const stat = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8");
  const x = f.slice(f.lastIndexOf(")") + 2).split(" ");
  return [Number(x[11]) * 1e4, Number(x[12]) * 1e4];
};
const who = (process.env.WHO ?? "mcpkit,raw baseline").split(",");
const opened = [];
for (const c of contenders.filter((c) => who.includes(c.name)))
  opened.push({ name: c.name, ...(await c.stdio()) });
const text = "x".repeat(100);
for (let rep = 0; rep < 3; rep++)
  for (const c of opened) {
    const N = 30000;
    for (let i = 0; i < 2000; i++) await c.call(text);
    const s0 = stat(c.pid),
      u0 = process.cpuUsage(),
      t0 = performance.now();
    for (let i = 0; i < N; i++) await c.call(text);
    const t = performance.now() - t0,
      u = process.cpuUsage(u0),
      s1 = stat(c.pid);
    console.log(
      c.name.padEnd(13),
      "rt µs",
      ((t * 1000) / N).toFixed(1),
      "client usr/sys",
      (u.user / N).toFixed(1),
      (u.system / N).toFixed(1),
      "server usr/sys",
      ((s1[0] - s0[0]) / N).toFixed(1),
      ((s1[1] - s0[1]) / N).toFixed(1),
    );
  }
for (const c of opened) await c.close();
