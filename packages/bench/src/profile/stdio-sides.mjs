/**
 * Which side of a stdio round trip costs what: the 100 B echo at 1 in flight for every pairing of
 * the raw baseline's client and server with mcpkit's, interleaved, medians of REPS rounds:
 *   node packages/bench/src/profile/stdio-sides.mjs
 *   taskset -c 0 node packages/bench/src/profile/stdio-sides.mjs   # both processes on one CPU
 * The raw client here does a session handshake first so that it can talk to mcpkit's server.
 */
import { spawn } from "node:child_process";
import { Client } from "@mcpkit/client";
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { interleaved } from "../lib/compare.mjs";
import { drive } from "../lib/load.mjs";
import { onLines } from "./raw-lines.mjs";

const MCPKIT_SERVER = [new URL("../contenders/mcpkit/server.mjs", import.meta.url).pathname, "stdio"];
const RAW_SERVER = [new URL("./raw-session-server.mjs", import.meta.url).pathname];
const TEXT = "x".repeat(100);

/** The raw baseline's client (lines in, promises by id), after an initialize handshake. */
async function rawClient(args) {
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
  const pending = new Map();
  let nextId = 0;
  onLines(child.stdout, (line) => {
    const response = JSON.parse(line);
    pending.get(response.id)?.(response.result);
    pending.delete(response.id);
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  await request("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "raw", version: "1.0.0" },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const call = async (text) =>
    (await request("tools/call", { name: "echo", arguments: { text } })).content[0].text;
  return { call, pid: child.pid, close: () => child.stdin.end() };
}

async function mcpkitClient(args) {
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: "inherit" });
  const client = new Client({ clientInfo: { name: "bench", version: "1.0.0" }, mode: "session" });
  await client.connect(transport);
  const call = async (text) => (await client.callTool({ name: "echo", arguments: { text } })).content[0].text;
  return { call, pid: transport.pid, close: () => client.close() };
}

const pairings = {
  "raw → raw": () => rawClient(RAW_SERVER),
  "raw → mcpkit": () => rawClient(MCPKIT_SERVER),
  "mcpkit → raw": () => mcpkitClient(RAW_SERVER),
  "mcpkit → mcpkit": () => mcpkitClient(MCPKIT_SERVER),
};

const opened = new Map();
try {
  for (const [name, open] of Object.entries(pairings)) {
    const pair = await open();
    opened.set(name, pair);
    if ((await pair.call(TEXT)) !== TEXT) throw new Error(`${name}: wrong echo`);
  }
  const runs = new Map(
    [...opened].map(([name, pair]) => [
      name,
      () => drive({ calls: () => pair.call(TEXT), inFlight: 1, ms: 300, serverPid: pair.pid }),
    ]),
  );
  const medians = await interleaved(runs, { reps: Number(process.env.REPS ?? 7) });
  const base = medians.get("raw → raw");
  console.log("client → server     calls/s  of raw   CPU µs/call (both processes)");
  for (const [name, m] of medians) {
    const share = `${Math.round((m.opsPerSec / base.opsPerSec) * 100)}%`;
    console.log(
      `${name.padEnd(18)} ${String(Math.round(m.opsPerSec)).padStart(8)}  ${share.padStart(6)}   ${m.cpuMicrosPerOp.toFixed(1)}`,
    );
  }
} finally {
  for (const pair of opened.values()) await pair.close();
}
