// The raw baseline's stdio server, plus just enough of a session for an SDK client to connect:
// `initialize` and `tools/list` are answered, notifications ignored, every other request echoed.
// Used by stdio-sides.mjs to pair mcpkit's client with a server that does no protocol work.
import { answer } from "../contenders/raw/server.mjs";
import { onLines } from "./raw-lines.mjs";

const reply = (id, result) => JSON.stringify({ jsonrpc: "2.0", id, result });

function answerLine(line) {
  const message = JSON.parse(line);
  if (message.id === undefined) return undefined;
  if (message.method === "initialize") {
    return reply(message.id, {
      protocolVersion: message.params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: "raw", version: "1.0.0" },
    });
  }
  if (message.method === "tools/list") {
    return reply(message.id, {
      tools: [{ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } }],
    });
  }
  return answer(line);
}

onLines(process.stdin, (line) => {
  const text = line && answerLine(line);
  if (text) process.stdout.write(`${text}\n`);
});
