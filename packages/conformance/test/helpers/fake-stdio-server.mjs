// A tiny scripted MCP server speaking raw JSON-RPC over stdio, for the runner's own tests.
// FAKE_MODE picks a behaviour: good | wrong-ping | hang | crash | noisy | random-info | session-only
// (no server/discover) | list-changed (sends notifications/tools/list_changed after notifications/initialized) | one-version (answers initialize with 2025-06-18 whatever was asked) | stateless-only (refuses initialize) | initialize-hangs | garbage (answers every line with text that is not JSON) | silent (never answers).
// Process sharing: fenced-wrong (once it answered a ping whose id is a string, every tools/list answers no tools) | chatty (declares logging; a log message right after each answered ping whose id is a string).
// paged: declares prompts and resources and pages prompts/list, resources/list and
// resources/templates/list (two pages each, the cursor "page-2").
// subscriber: declares resources.subscribe, lists memo://r, answers resources/subscribe and
// unsubscribe with {} and acknowledges subscriptions/listen; subscriber-untagged leaves the
// subscription id out of that acknowledgement; subscriber-refuses answers subscribe with -32603.
// FAKE_LAUNCHES names a file that gets one line per start, so tests can count the attempts.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const mode = process.env.FAKE_MODE ?? "good";
const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tools = [
  { name: "test_simple_text", inputSchema: { type: "object" } },
  { name: "test_error_handling", inputSchema: { type: "object" } },
];

if (process.env.FAKE_LAUNCHES) appendFileSync(process.env.FAKE_LAUNCHES, "started\n");

let fenced = false;

createInterface({ input: process.stdin }).on("line", (line) => {
  if (mode === "silent") return;
  if (mode === "garbage") {
    process.stdout.write("this is not JSON-RPC\n");
    return;
  }
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    return;
  }
  const { id, method, params } = message;
  if (mode === "list-changed" && method === "notifications/initialized")
    write({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
  if (id === undefined) return;
  switch (method) {
    case "initialize":
      if (mode === "initialize-hangs") return;
      if (mode === "stateless-only") {
        write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
        return;
      }
      write({
        jsonrpc: "2.0",
        id,
        result: {
          protocolVersion: mode === "one-version" ? "2025-06-18" : params.protocolVersion,
          capabilities: mode.startsWith("subscriber")
            ? { resources: { subscribe: true } }
            : mode === "paged"
              ? { tools: {}, prompts: {}, resources: {} }
              : mode === "noisy" || mode === "chatty"
                ? { tools: {}, logging: {} }
                : // It sends tools/list_changed unasked, so it declares that it may.
                  mode === "list-changed"
                  ? { tools: { listChanged: true } }
                  : { tools: {} },
          serverInfo: { name: "fake", version: mode === "random-info" ? String(Math.random()) : "1.0.0" },
        },
      });
      return;
    case "server/discover":
      if (mode === "session-only") {
        write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
        return;
      }
      write({
        jsonrpc: "2.0",
        id,
        result: {
          resultType: "complete",
          supportedVersions: ["2026-07-28"],
          capabilities: mode.startsWith("subscriber")
            ? { resources: { subscribe: true } }
            : mode === "paged"
              ? { tools: {}, prompts: {}, resources: {} }
              : mode === "noisy" || mode === "chatty"
                ? { tools: {}, logging: {} }
                : // It sends tools/list_changed unasked, so it declares that it may.
                  mode === "list-changed"
                  ? { tools: { listChanged: true } }
                  : { tools: {} },
          ttlMs: 0,
          cacheScope: "private",
          _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
        },
      });
      return;
    case "ping":
      if (typeof id === "string") fenced = true;
      if (mode === "chatty" && typeof id === "string") {
        // One write, so both lines reach the runner together.
        const log = {
          jsonrpc: "2.0",
          method: "notifications/message",
          params: { level: "info", data: "pong" },
        };
        process.stdout.write(
          `${JSON.stringify({ jsonrpc: "2.0", id, result: {} })}\n${JSON.stringify(log)}\n`,
        );
        return;
      }
      write({ jsonrpc: "2.0", id, result: mode === "wrong-ping" ? { pong: true } : {} });
      return;
    case "tools/list":
      if (mode === "hang") return;
      if (mode === "crash") {
        process.stderr.write("fake server: boom on tools/list\n");
        process.exit(3);
      }
      // A log message during a 2026-07-28 request (it has the _meta envelope) only when asked for.
      if (mode === "noisy" && !params?._meta)
        write({
          jsonrpc: "2.0",
          method: "notifications/message",
          params: { level: "info", data: "listing" },
        });
      // 2026-07-28 (a request with the _meta envelope): lists carry resultType and cache hints.
      write({
        jsonrpc: "2.0",
        id,
        result: params?._meta
          ? {
              resultType: "complete",
              tools: listed(),
              ttlMs: 0,
              cacheScope: "private",
              _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
            }
          : { tools: listed() },
      });
      return;
    case "prompts/list":
    case "resources/list":
    case "resources/templates/list": {
      const key = { "prompts/list": "prompts", "resources/list": "resources" }[method] ?? "resourceTemplates";
      const item = { "prompts/list": { name: "p" }, "resources/list": { uri: "memo://r", name: "r" } }[
        method
      ] ?? {
        uriTemplate: "memo://{x}",
        name: "t",
      };
      const second = params?.cursor === "page-2";
      const page = { [key]: [second ? { ...item, name: `${item.name}2` } : item] };
      if (!second) page.nextCursor = "page-2";
      const result = params?._meta
        ? {
            resultType: "complete",
            ...page,
            ttlMs: 0,
            cacheScope: "private",
            _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
          }
        : page;
      write({ jsonrpc: "2.0", id, result });
      return;
    }
    case "resources/subscribe":
    case "resources/unsubscribe":
      if (mode === "subscriber-refuses") {
        write({ jsonrpc: "2.0", id, error: { code: -32603, message: "Subscriptions are broken" } });
        return;
      }
      write({ jsonrpc: "2.0", id, result: {} });
      return;
    case "subscriptions/listen":
      write({
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: {
          _meta: mode === "subscriber-untagged" ? {} : { "io.modelcontextprotocol/subscriptionId": id },
          notifications: params?.notifications ?? {},
        },
      });
      return;
    case "tools/call":
      write({ jsonrpc: "2.0", id, error: { code: -32602, message: `Unknown tool: ${params?.name}` } });
      return;
    default:
      write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
  }
});

/** The tools a tools/list answers: none after a string-id ping in fenced-wrong mode. */
function listed() {
  return mode === "fenced-wrong" && fenced ? [] : tools;
}
