import { contenders } from "/work/main/packages/bench/src/contenders/index.mjs";
const c0 = contenders.find((c) => c.name === process.env.WHO);
const c = await c0.stdio(); const text = "x".repeat(100);
for (let i = 0; i < 5000; i++) await c.call(text);
const N = Number(process.env.N ?? 50000); const t0 = performance.now();
for (let i = 0; i < N; i++) await c.call(text);
console.error(process.env.WHO, "rt µs", ((performance.now() - t0) * 1000 / N).toFixed(1));
await c.close();
