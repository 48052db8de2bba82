// A tiny scripted MCP client for the runner's client-mode tests. It reads the official conventions:
// server address as the last argument, MCP_CONFORMANCE_SCENARIO / _PROTOCOL_VERSION / _TRANSPORT.
// FAKE_CLIENT_MODE: good | wrong-args | hang | crash
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import WebSocket from "ws";

const address = process.argv[process.argv.length - 1];
const transport = process.env.MCP_CONFORMANCE_TRANSPORT;
const revision = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const mode = process.env.FAKE_CLIENT_MODE ?? "good";
if (process.env.MCP_CONFORMANCE_SCENARIO !== "tools_call") {
  process.stderr.write(`unknown scenario ${process.env.MCP_CONFORMANCE_SCENARIO}\n`);
  process.exit(2);
}

const pending = new Map();
let nextId = 1;
let sendRaw;
let closeTransport = () => {};

function receive(text) {
  const message = JSON.parse(text);
  if (message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  }
}

function request(method, params) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    sendRaw({ jsonrpc: "2.0", id, method, params });
  });
}

async function connect() {
  if (transport === "stdio") {
    const child = spawn("sh", ["-c", address], { stdio: ["pipe", "pipe", "inherit"] });
    createInterface({ input: child.stdout }).on("line", receive);
    sendRaw = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
    closeTransport = () => child.stdin.end();
    return;
  }
  if (transport === "ws") {
    const socket = new WebSocket(address, ["mcp"]);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    socket.on("message", (data) => receive(data.toString("utf8")));
    sendRaw = (message) => socket.send(JSON.stringify(message));
    closeTransport = () => socket.close(1000);
    return;
  }
  let session;
  sendRaw = async (message) => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    if (session) headers["mcp-session-id"] = session;
    if (message.method !== "initialize") headers["mcp-protocol-version"] = revision;
    const response = await fetch(address, { method: "POST", headers, body: JSON.stringify(message) });
    session = response.headers.get("mcp-session-id") ?? session;
    if (response.status >= 400) {
      process.stderr.write(`fake client: HTTP ${response.status}\n`);
      process.exit(5);
    }
    const type = response.headers.get("content-type") ?? "";
    const text = await response.text();
    if (type.startsWith("application/json")) receive(text);
    else if (type.startsWith("text/event-stream")) {
      for (const line of text.split("\n")) if (line.startsWith("data: ")) receive(line.slice(6));
    }
  };
}

await connect();
const init = await request("initialize", {
  protocolVersion: revision,
  capabilities: {},
  clientInfo: { name: "fake-client", version: "1.0.0" },
});
if (init.result?.protocolVersion !== revision) process.exit(4);
if (mode === "crash") {
  process.stderr.write("fake client: giving up\n");
  process.exit(1);
}
sendRaw({ jsonrpc: "2.0", method: "notifications/initialized" });
if (mode === "hang") await new Promise(() => setInterval(() => {}, 1000));
const list = await request("tools/list", {});
const tool = list.result.tools[0].name;
const args = mode === "wrong-args" ? { a: "1", b: "2" } : { a: 1, b: 2 };
const call = await request("tools/call", { name: tool, arguments: args });
process.stdout.write(`${JSON.stringify(call.result)}\n`);
closeTransport();
process.exit(0);
