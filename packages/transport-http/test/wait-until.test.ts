// `handle(request, { waitUntil })`: what a request starts and that outlives its response (a task's
// work, an answer that comes later) is handed to the runtime's waitUntil (Workers).
import { Server, type ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { createStreamableHttpHandler, type StreamableHttpHandler } from "../src/index.js";
import { closedAfterEach, deferred } from "./task-helpers.js";

const open = closedAfterEach();
const REVISION = "2025-11-25";

/** A work promise handed to waitUntil, with whether it has settled yet. */
interface Handed {
  readonly work: Promise<unknown>;
  settled: boolean;
}

function setUp() {
  const gate = deferred<ToolResult>();
  const called = deferred<void>();
  const server = new Server({ name: "wait-until", version: "1" });
  server.tool(
    { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    () => {
      called.resolve();
      return gate.promise;
    },
  );
  const handler: StreamableHttpHandler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport).then(() => {}),
  });
  open.push(server, handler);
  const handed: Handed[] = [];
  const waitUntil = (work: Promise<unknown>) => {
    const entry: Handed = { work, settled: false };
    handed.push(entry);
    void work.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
  };
  /** POSTs one message through `handle` with `waitUntil`; the JSON-RPC answers in its body. */
  const post = async (sessionId: string | undefined, message: Record<string, unknown>) => {
    const request = new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": REVISION,
        ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId }),
      },
      body: JSON.stringify(message),
    });
    const response = await handler.handle(request, { waitUntil });
    const text = await response.text();
    const sse = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
    const bodies = sse
      ? text
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim())
          .filter((data) => data !== "")
      : text === ""
        ? []
        : [text];
    return { response, answers: bodies.map((b) => JSON.parse(b) as Record<string, unknown>) };
  };
  return { gate, called, handed, post };
}

async function openSession(post: ReturnType<typeof setUp>["post"]): Promise<string> {
  const { response } = await post(undefined, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
  const sessionId = response.headers.get("mcp-session-id");
  if (sessionId === null) throw new Error("no session id");
  await post(sessionId, { jsonrpc: "2.0", method: "notifications/initialized" });
  return sessionId;
}

describe("handle(request, { waitUntil })", () => {
  it("hands a task's work to waitUntil: it is still running after the CreateTaskResult and settles when the task ends", async () => {
    const { gate, handed, post } = setUp();
    const sessionId = await openSession(post);
    const before = handed.length;
    const created = await post(sessionId, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "slow", arguments: {}, task: { ttl: 60_000 } },
    });
    const result = created.answers[0]?.result as { task: { taskId: string; status: string } } | undefined;
    expect(result?.task.status).toBe("working");
    const taskId = String(result?.task.taskId);
    // The tool call's response is complete, and work it started is still running.
    const fromCall = handed.slice(before);
    expect(fromCall.some((entry) => !entry.settled)).toBe(true);
    gate.resolve({ content: [{ type: "text", text: "done" }] });
    await Promise.all(fromCall.map((entry) => entry.work));
    // Once the handed work settled, the task is complete: a later request (polling) sees it.
    const got = await post(sessionId, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/get",
      params: { taskId },
    });
    expect(got.answers[0]?.result).toMatchObject({ taskId, status: "completed" });
  });

  it("hands an answer that comes after the response started: it settles with the answer", async () => {
    const { gate, called, handed, post } = setUp();
    const sessionId = await openSession(post);
    const before = handed.length;
    const answered = post(sessionId, {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "slow", arguments: {} },
    });
    // The handler runs and returns a promise: the engine hands it over in the same turn.
    await called.promise;
    const pending = handed.slice(before);
    expect(pending.length).toBe(1);
    expect(pending[0]?.settled).toBe(false);
    gate.resolve({ content: [{ type: "text", text: "late" }] });
    expect((await answered).answers).toEqual([
      { jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "late" }] } },
    ]);
    await pending[0]?.work;
    expect(pending[0]?.settled).toBe(true);
  });
});
