// The no-SDK baseline's server: parse each JSON-RPC request, answer the tools/call echo result by
// hand. Newline-delimited JSON on stdin/stdout, or one JSON body per POST on node:http.
import { createServer } from "node:http";
import { runAsChild } from "../../lib/child.mjs";
import { listenOnLoopback } from "../../lib/listen.mjs";

/** The whole "server": one JSON-RPC request in (text), its response out (text). */
export function answer(requestText) {
  const request = JSON.parse(requestText);
  const text = request.params?.arguments?.text;
  return JSON.stringify({ jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text }] } });
}

function serveStdio() {
  let buffered = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line) process.stdout.write(`${answer(line)}\n`);
      newline = buffered.indexOf("\n");
    }
  });
}

function serveHttp() {
  const httpServer = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = answer(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  return listenOnLoopback(httpServer);
}

await runAsChild(import.meta.url, { stdio: serveStdio, http: serveHttp });
