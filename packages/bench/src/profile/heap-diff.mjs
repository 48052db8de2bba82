/**
 * Which objects an idle Streamable HTTP session keeps on the mcpkit server: opens N sessions against
 * the bench's server (in a child with --expose-gc), takes a heap snapshot before and after, and
 * prints the per-session growth by node type and name, biggest first:
 *   node src/profile/heap-diff.mjs [sessions=200] [top=40] [dir=/tmp]
 */
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openSession } from "../workloads/sessions.mjs";

const [sessions = "200", top = "40", dir = "/tmp"] = process.argv.slice(2);
const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === "--child") await serveAndSnapshot();
else await main();

/** The child: the bench's mcpkit echo server, snapshotting on request. */
async function serveAndSnapshot() {
  const { createEchoServer } = await import("../contenders/mcpkit/server.mjs");
  const { serveStreamableHttp } = await import("@mcpkit/transport-http/node");
  const { writeHeapSnapshot } = await import("node:v8");
  const server = createEchoServer();
  const http = await serveStreamableHttp({ onSession: (transport) => server.connect(transport) });
  const { settledGc } = await import("../lib/child.mjs");
  process.on("message", async (file) => {
    await settledGc();
    writeHeapSnapshot(file);
    process.send({ file });
  });
  process.on("disconnect", () => process.exit(0));
  process.send({ url: http.url });
}

async function main() {
  const count = Number(sessions);
  const child = fork(SELF, ["--child"], { execArgv: ["--expose-gc"], stdio: "inherit" });
  const next = () => new Promise((resolve) => child.once("message", resolve));
  const { url } = await next();
  const snapshot = async (name) => {
    const file = join(dir, `mcpkit-${name}.heapsnapshot`);
    child.send(file);
    await next();
    return file;
  };
  await openSession(url);
  const before = await snapshot("before");
  for (let i = 0; i < count; i++) await openSession(url);
  const after = await snapshot("after");
  child.disconnect();
  const grown = diff(census(before), census(after));
  let total = 0;
  for (const row of grown) total += row.bytes;
  console.log(`per session: ${(total / count).toFixed(0)} B of self size (${before}, ${after})`);
  for (const row of grown.slice(0, Number(top))) {
    const each = (n) => (n / count).toFixed(2).padStart(8);
    console.log(`${each(row.bytes)} B ${each(row.count)} × ${row.key}`);
  }
}

/** Count and self size of every node, by `type:name`. */
function census(file) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, "utf8"));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const byKey = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const name = type === "string" || type === "number" ? "" : strings[nodes[i + nameAt]].slice(0, 60);
    const key = `${type}:${name}`;
    const row = byKey.get(key) ?? { count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += nodes[i + sizeAt];
    byKey.set(key, row);
  }
  return byKey;
}

function diff(before, after) {
  const rows = [];
  for (const [key, row] of after) {
    const was = before.get(key) ?? { count: 0, bytes: 0 };
    rows.push({ key, count: row.count - was.count, bytes: row.bytes - was.bytes });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}
