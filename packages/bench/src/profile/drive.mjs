/**
 * Drives one contender on one channel for a while, for `node --cpu-prof`:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof src/profile/drive.mjs mcpkit in-process [seconds] [inFlight]
 * Channels: in-process, stdio (the server child is not profiled; profile it with NODE_OPTIONS), http.
 */
import { contenders } from "../contenders/index.mjs";
import { startHttpChild } from "../lib/http-child.mjs";
import { drive } from "../lib/load.mjs";

const [who = "mcpkit", channel = "in-process", seconds = "5", inFlight = "1"] = process.argv.slice(2);
const contender = contenders.find((c) => c.name === who);
if (!contender) throw new Error(`unknown contender ${who}: ${contenders.map((c) => c.name).join(", ")}`);

const text = "x".repeat(100);
const server = channel === "http" ? await startHttpChild(contender.serverScript) : undefined;
const connection =
  channel === "in-process"
    ? await contender.inProcess()
    : channel === "stdio"
      ? await contender.stdio()
      : await contender.http(server.url);
const result = await drive({
  calls: () => connection.call(text),
  inFlight: Number(inFlight),
  ms: Number(seconds) * 1000,
  serverPid: connection.pid ?? server?.pid,
});
console.log(JSON.stringify({ who, channel, ...result }));
await connection.close();
await server?.stop();
