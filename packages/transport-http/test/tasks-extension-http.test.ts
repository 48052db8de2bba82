// The 2026-07-28 tasks extension (SEP-2663) over real Streamable HTTP on 127.0.0.1: a task is
// created by tools/call and served by tasks/get, tasks/update and tasks/cancel on later POSTs
// (stateless: each POST is its own transport), and those carry Mcp-Name = params.taskId, checked
// like the other named methods (-32020 and HTTP 400 on a mismatch or a missing header).
import { Server, TASKS_EXTENSION, tasksExtension } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { mirroredHeaders } from "../src/client/stateless.js";
import { serveStreamableHttp } from "../src/node.js";
import { envelope, post } from "./stateless-helpers.js";

const declaring = { extensions: { [TASKS_EXTENSION]: {} }, elicitation: {} };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0)) await closable.close().catch(() => {});
});

async function serve() {
  const server = new Server({ name: "tasks-http", version: "1.0.0" }, { extensions: [tasksExtension()] });
  server.tool(
    { name: "confirm", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Go?",
        requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } },
      });
      return { content: [{ type: "text", text: `went: ${String(answer.content?.ok)}` }] };
    },
  );
  const http = await serveStreamableHttp({
    host: "127.0.0.1",
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
  open.push(server, http);
  return http;
}

function request(id: number, method: string, params: Record<string, unknown>) {
  return { jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope({}, declaring) } };
}

async function json(response: Response) {
  return (await response.json()) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

/** tasks/get (with its Mcp-Name) until the status is `status` (bounded). */
async function until(url: string, taskId: string, status: string) {
  for (let i = 0; i < 100; i++) {
    const body = request(900 + i, "tasks/get", { taskId });
    const answer = await json(await post(url, body, { "mcp-name": taskId }));
    if (answer.result?.status === status) return answer.result;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

describe("tasks over stateless Streamable HTTP", () => {
  it("creates a task, asks for input through tasks/get, resumes on tasks/update, completes", async () => {
    const http = await serve();
    const created = await json(
      await post(http.url, request(1, "tools/call", { name: "confirm", arguments: {} })),
    );
    expect(created.result).toMatchObject({ resultType: "task", status: "working", pollIntervalMs: 1000 });
    const taskId = String(created.result?.taskId);
    const waiting = await until(http.url, taskId, "input_required");
    expect(Object.keys(waiting.inputRequests as object)).toEqual(["task-input-1"]);
    const update = request(2, "tasks/update", {
      taskId,
      inputResponses: { "task-input-1": { action: "accept", content: { ok: true } } },
    });
    const ack = await post(http.url, update, { "mcp-name": taskId });
    expect(ack.status).toBe(200);
    expect((await json(ack)).result?.resultType).toBe("complete");
    const done = await until(http.url, taskId, "completed");
    expect(done.result).toEqual({ content: [{ type: "text", text: "went: true" }] });
  });

  it("refuses tasks/get whose Mcp-Name is not the task id, or missing: HTTP 400, -32020", async () => {
    const http = await serve();
    const created = await json(
      await post(http.url, request(1, "tools/call", { name: "confirm", arguments: {} })),
    );
    const taskId = String(created.result?.taskId);
    const wrong = await post(http.url, request(2, "tasks/get", { taskId }), { "mcp-name": "another-task" });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toEqual({
      code: -32020,
      message: `Header mismatch: Mcp-Name header value 'another-task' does not match body value '${taskId}'`,
      data: { header: "Mcp-Name", expected: taskId, received: "another-task" },
    });
    const missing = await post(http.url, request(3, "tasks/cancel", { taskId }));
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toMatchObject({
      code: -32020,
      message: "Header mismatch: required header Mcp-Name is missing",
    });
    const cancelled = await post(http.url, request(4, "tasks/cancel", { taskId }), { "mcp-name": taskId });
    expect((await json(cancelled)).result?.resultType).toBe("complete");
  });

  it("the client transport mirrors the task id into Mcp-Name for tasks/*", () => {
    for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) {
      expect(mirroredHeaders({ jsonrpc: "2.0", id: 1, method, params: { taskId: "t-1" } })).toEqual({
        "mcp-method": method,
        "mcp-name": "t-1",
      });
    }
  });
});
