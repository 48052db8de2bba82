// The no-SDK baseline's client: JSON-RPC requests built and parsed by hand, matched by id.
import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
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

/**
 * One keep-alive connection per client on node:http (what a hand-written Node client would use;
 * `fetch` costs several times more CPU per request than the whole raw server).
 */
export async function http(url) {
  const { hostname, port, pathname } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let nextId = 0;
  const call = (text) =>
    new Promise((resolve, reject) => {
      const body = request(++nextId, text);
      const headers = {
        "content-type": "application/json",
        accept: "application/json",
        "content-length": Buffer.byteLength(body),
      };
      const outgoing = httpRequest(
        { hostname, port, path: pathname, method: "POST", agent, headers },
        (res) => {
          let received = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            received += chunk;
          });
          res.on("end", () => resolve(textOf(received)));
          res.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  return { call, close: async () => agent.destroy() };
}
