// The no-SDK baseline's client: JSON-RPC requests built and parsed by hand, matched by id.
import { spawn } from "node:child_process";
import { serverArgs } from "../../lib/node-args.mjs";

export const name = "raw baseline";
export const serverScript = new URL("./server.mjs", import.meta.url).pathname;

const request = (id, text) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text } } });
const textOf = (responseText) => JSON.parse(responseText).result.content[0].text;

/**
 * In one process: the request object crosses a microtask to a hand-written handler and the result
 * object crosses back, the same channel the SDKs' linked in-memory transports use (no serialization).
 */
export async function inProcess() {
  let nextId = 0;
  const handle = (request) => ({
    jsonrpc: "2.0",
    id: request.id,
    result: { content: [{ type: "text", text: request.params.arguments.text }] },
  });
  const call = async (text) => {
    const sent = {
      jsonrpc: "2.0",
      id: ++nextId,
      method: "tools/call",
      params: { name: "echo", arguments: { text } },
    };
    const received = await Promise.resolve(sent).then(handle);
    return received.result.content[0].text;
  };
  return { call, close: async () => {} };
}

export async function stdio() {
  const child = spawn(process.execPath, serverArgs(serverScript, "stdio"), {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const pending = new Map();
  let nextId = 0;
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const response = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      pending.get(response.id)?.(response.result.content[0].text);
      pending.delete(response.id);
      newline = buffered.indexOf("\n");
    }
  });
  const call = (text) =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      child.stdin.write(`${request(id, text)}\n`);
    });
  const close = () =>
    new Promise((resolve) => {
      child.once("exit", resolve);
      child.stdin.end();
    });
  return { call, close, pid: child.pid };
}

export async function http(url) {
  let nextId = 0;
  const call = async (text) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: request(++nextId, text),
    });
    return textOf(await response.text());
  };
  return { call, close: async () => {} };
}
