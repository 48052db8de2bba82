import { contenders } from "/work/main/packages/bench/src/contenders/index.mjs";
import { echoMatrix } from "/work/main/packages/bench/src/lib/echo-matrix.mjs";
const who = (process.env.WHO ?? "mcpkit,raw baseline,official 2.x").split(",");
const rows = await echoMatrix(
  contenders.filter((c) => who.includes(c.name)).map((c) => ({ name: c.name, open: c.stdio })),
  {
    payloads: ["100 B"],
    inFlights: [Number(process.env.INF ?? 1)],
    reps: Number(process.env.REPS ?? 7),
    ms: 300,
  },
);
for (const r of rows)
  console.log(
    r.contender.padEnd(14),
    Math.round(r.opsPerSec),
    "ops/s",
    r.cpuMicrosPerOp.toFixed(1),
    "µs cpu",
  );
