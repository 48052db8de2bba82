/**
 * One stdio tools/call round trip, hot, in one process: the bench's mcpkit client and server over a
 * pair of PassThrough streams (the real newline-delimited framing, no child process), next to the
 * raw baseline's framing and answer over another pair. Isolates the JavaScript of a round trip from
 * process wake-ups:
 *   node packages/bench/src/profile/stream-pair.mjs [calls] [rounds]
 * Profile it with `node --cpu-prof`; MCPKIT_ONLY=1 skips the raw side.
 */
import { PassThrough } from "node:stream";
import { Client } from "@mcpkit/client";
import { StreamTransport } from "@mcpkit/transport-stdio";
import { createEchoServer } from "../contenders/mcpkit/server.mjs";
import { answer } from "../contenders/raw/server.mjs";
import { onLines } from "./raw-lines.mjs";

const calls = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const text = "x".repeat(100);

async function mcpkitPair() {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await createEchoServer().connect(new StreamTransport({ input: toServer, output: toClient }));
  const client = new Client({ clientInfo: { name: "stream-pair", version: "1.0.0" }, mode: "session" });
  await client.connect(new StreamTransport({ input: toClient, output: toServer }));
  return async () => (await client.callTool({ name: "echo", arguments: { text } })).content[0].text;
}

function rawPair() {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  onLines(toServer, (line) => toClient.write(`${answer(line)}\n`));
  const pending = new Map();
  let nextId = 0;
  onLines(toClient, (line) => {
    const response = JSON.parse(line);
    pending.get(response.id)?.(response.result.content[0].text);
    pending.delete(response.id);
  });
  return () =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      const request = {
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "echo", arguments: { text } },
      };
      toServer.write(`${JSON.stringify(request)}\n`);
    });
}

async function measure(name, call) {
  if ((await call()) !== text) throw new Error(`${name}: wrong echo`);
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call();
    const wallMicros = ((performance.now() - started) * 1000) / calls;
    const { user, system } = process.cpuUsage(cpu);
    const cpuMicros = (user + system) / calls;
    console.log(
      `${name.padEnd(12)} ${wallMicros.toFixed(2)} µs per round trip, CPU ${cpuMicros.toFixed(2)} µs`,
    );
  }
}

await measure("mcpkit", await mcpkitPair());
if (!process.env.MCPKIT_ONLY) await measure("raw baseline", rawPair());
process.exit(0);
