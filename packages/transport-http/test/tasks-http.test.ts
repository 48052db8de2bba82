// Tasks of 2025-11-25 over Streamable HTTP: a task outlives the POST that created it.
import { MemoryTaskStore, Server, type TaskStore, type ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { closedAfterEach, deferred } from "./task-helpers.js";
import { serveStreamableHttp, type StreamableHttpServer } from "../src/node.js";
import { POST_HEADERS } from "./helpers.js";

const RELATED = "io.modelcontextprotocol/related-task";
const open = closedAfterEach();

async function serve(store?: TaskStore) {
  const gate = deferred<ToolResult>();
  const signals: AbortSignal[] = [];
  const server = new Server(
    { name: "tasks-http", version: "1" },
    store === undefined ? {} : { tasks: { store } },
  );
  server.tool(
    { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    (_args, ctx) => {
      signals.push(ctx.signal);
      return gate.promise;
    },
  );
  const http: StreamableHttpServer = await serveStreamableHttp({
    onSession: (transport) => server.connect(transport).then(() => {}),
  });
  open.push(server, http);
  return { url: http.url, gate, signals };
}

/** One POST of a session; the JSON-RPC answer, whether sent as JSON or on an SSE stream. */
async function post(url: string, sessionId: string | undefined, message: Record<string, unknown>) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      ...POST_HEADERS,
      "mcp-protocol-version": "2025-11-25",
      ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId }),
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  const bodies = (response.headers.get("content-type") ?? "").startsWith("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .filter((data) => data !== "")
    : text === ""
      ? []
      : [text];
  const messages = bodies.map((b) => JSON.parse(b) as Record<string, unknown>);
  return { response, answer: messages.find((m) => m.id === message.id) };
}

async function session(url: string): Promise<string> {
  const { response } = await post(url, undefined, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
  const id = response.headers.get("mcp-session-id");
  if (id === null) throw new Error("no session id");
  await post(url, id, { jsonrpc: "2.0", method: "notifications/initialized" });
  return id;
}

async function createTask(url: string, sessionId: string): Promise<string> {
  const { answer } = await post(url, sessionId, {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "slow", arguments: {}, task: { ttl: 60_000 } },
  });
  const result = answer?.result as { task: { taskId: string; status: string } } | undefined;
  expect(result?.task.status).toBe("working");
  return String(result?.task.taskId);
}

describe("tasks over Streamable HTTP (2025-11-25)", () => {
  it("a task outlives its POST and its result is fetched through another POST of the session", async () => {
    const { url, gate } = await serve();
    const sessionId = await session(url);
    const taskId = await createTask(url, sessionId);
    // The POST that created it is over; tasks/result, POSTed now, waits for the handler.
    const result = post(url, sessionId, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/result",
      params: { taskId },
    });
    gate.resolve({ content: [{ type: "text", text: "late" }] });
    expect((await result).answer).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { content: [{ type: "text", text: "late" }], _meta: { [RELATED]: { taskId } } },
    });
    const got = await post(url, sessionId, {
      jsonrpc: "2.0",
      id: 3,
      method: "tasks/get",
      params: { taskId },
    });
    expect(got.answer?.result).toMatchObject({ taskId, status: "completed" });
  });

  it("tasks/cancel through another POST aborts the handler's signal", async () => {
    const { url, signals } = await serve();
    const sessionId = await session(url);
    const taskId = await createTask(url, sessionId);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    const { answer } = await post(url, sessionId, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/cancel",
      params: { taskId },
    });
    expect(answer?.result).toMatchObject({ taskId, status: "cancelled" });
    expect(signals.map((s) => s.aborted)).toEqual([true]);
  });

  it("another session cannot see the task", async () => {
    const { url } = await serve();
    const taskId = await createTask(url, await session(url));
    const other = await session(url);
    const { answer } = await post(url, other, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/get",
      params: { taskId },
    });
    expect(answer?.error).toEqual({ code: -32602, message: "Failed to retrieve task: Task not found" });
  });

  it("tasks/get is answered as JSON, not as a stream, even when the task store answers a macrotask later", async () => {
    // A store that answers late, as a remote one (Redis) does.
    const memory = new MemoryTaskStore();
    const slow = new Proxy(memory, {
      get(target, key, receiver) {
        const member = Reflect.get(target, key, receiver);
        if (typeof member !== "function") return member;
        return async (...args: unknown[]) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return member.apply(target, args);
        };
      },
    });
    const { url, gate } = await serve(slow);
    const sessionId = await session(url);
    const taskId = await createTask(url, sessionId);
    const got = await post(url, sessionId, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/get",
      params: { taskId },
    });
    expect(got.response.headers.get("content-type")).toBe("application/json");
    expect(got.answer?.result).toMatchObject({ taskId, status: "working" });
    gate.resolve({ content: [] });
  });
});
