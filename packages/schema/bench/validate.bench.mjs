/**
 * Validations per second for a `tools/call` request and a `CallToolResult`: our precompiled
 * validators next to ajv compiling the same bundled schema at run time, in one process, with
 * interleaved repetitions and medians. Run after a build: pnpm --filter @mcpkit/schema bench
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { validatorFor } from "../dist/index.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const revision = "2025-11-25";
const schema = JSON.parse(readFileSync(new URL(`../schemas/${revision}.json`, import.meta.url), "utf8"));

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
ajv.addSchema(schema);
const runtime = (name) => ajv.getSchema(`${schema.$id}#/$defs/${name}`);

const cases = [
  {
    name: "tools/call request",
    type: "CallToolRequest",
    value: {
      jsonrpc: "2.0",
      id: 42,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "hello world", count: 3 }, _meta: { progressToken: "p-1" } },
    },
  },
  {
    name: "CallToolResult",
    type: "CallToolResult",
    value: {
      content: [
        { type: "text", text: "hello world" },
        {
          type: "image",
          data: "aGVsbG8=",
          mimeType: "image/png",
          annotations: { audience: ["user"], priority: 0.5 },
        },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
      ],
      structuredContent: { text: "hello world", count: 3 },
      isError: false,
    },
  },
];

function opsPerSecond(fn, value, ms = 300) {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 1000; i++) fn(value);
    n += 1000;
    now = performance.now();
  }
  return (n / (now - start)) * 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => `${(x / 1e6).toFixed(2)} M/s`;

console.log(`@mcpkit/schema validation throughput (revision ${revision}, node ${process.version})`);
console.log(
  "case".padEnd(22),
  "precompiled".padStart(14),
  "ajv (run time)".padStart(16),
  "ratio".padStart(8),
);
for (const c of cases) {
  const ours = validatorFor(revision, c.type);
  const theirs = runtime(c.type);
  if (!ours(c.value).ok || !theirs(c.value)) throw new Error(`${c.name}: sample is not valid`);
  const a = [];
  const b = [];
  for (let rep = 0; rep < 7; rep++) {
    a.push(opsPerSecond(ours, c.value));
    b.push(opsPerSecond(theirs, c.value));
  }
  const ma = median(a);
  const mb = median(b);
  console.log(
    c.name.padEnd(22),
    fmt(ma).padStart(14),
    fmt(mb).padStart(16),
    `${(ma / mb).toFixed(2)}x`.padStart(8),
  );
}
