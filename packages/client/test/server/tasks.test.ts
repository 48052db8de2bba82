// Tasks of 2025-11-25 against @mcpkit/server: callTool(..., { task }) answers a ToolTask that polls
// tasks/get, fetches tasks/result, cancels with tasks/cancel; listTasks pages; local refusals.
import { ErrorCode, LocalError, McpError } from "@mcpkit/core";
import type { ServerOptions, ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { TaskInfo } from "../../src/index.js";
import { connect, newServer } from "./setup.js";

const REVISION = "2025-11-25";
const RELATED = "io.modelcontextprotocol/related-task";
const schema = { type: "object" } as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function taskServer(options: ServerOptions = {}) {
  const server = newServer({ tasks: { pollIntervalMs: 10, maxTtlMs: 60_000, pageSize: 2 }, ...options });
  const gate = deferred<ToolResult>();
  const signals: AbortSignal[] = [];
  const calls: string[] = [];
  server.tool({ name: "slow", inputSchema: schema, execution: { taskSupport: "optional" } }, (_a, ctx) => {
    calls.push("slow");
    signals.push(ctx.signal);
    return gate.promise;
  });
  server.tool({ name: "quick", inputSchema: schema, execution: { taskSupport: "required" } }, () => ({
    content: [{ type: "text", text: "quick" }],
    structuredContent: { n: 1 },
  }));
  server.tool({ name: "plain", inputSchema: schema }, () => {
    calls.push("plain");
    return { content: [{ type: "text", text: "plain" }] };
  });
  server.tool({ name: "forbidden", inputSchema: schema, execution: { taskSupport: "forbidden" } }, () => ({
    content: [],
  }));
  server.tool({ name: "broken", inputSchema: schema, execution: { taskSupport: "optional" } }, () => ({
    content: [{ type: "text", text: "no" }],
    isError: true,
  }));
  server.tool({ name: "throws", inputSchema: schema, execution: { taskSupport: "optional" } }, () => {
    throw new McpError(ErrorCode.InvalidParams, "bad city", { city: "Atlantis" });
  });
  server.tool(
    { name: "asks", inputSchema: schema, execution: { taskSupport: "optional" } },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: "Proceed?",
        requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      });
      return { content: [{ type: "text", text: `${answer.action}:${JSON.stringify(answer.content)}` }] };
    },
  );
  server.tool(
    { name: "steps", inputSchema: schema, execution: { taskSupport: "optional" } },
    async (_a, ctx) => {
      await ctx.progress(1, 2, "half");
      await gate.promise;
      await ctx.progress(2, 2, "all");
      return { content: [{ type: "text", text: "stepped" }] };
    },
  );
  return { server, gate, signals, calls };
}

describe("callTool with the task option (2025-11-25)", () => {
  it("answers a ToolTask whose result() is what the plain call answers, without the related-task _meta", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "quick", arguments: {} }, { task: { ttlMs: 5000 } });
    expect(task.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(task.info).toEqual({
      taskId: task.taskId,
      status: "working",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUpdatedAt: expect.any(String),
      ttlMs: 5000,
      pollIntervalMs: 10,
    });
    expect(await task.result()).toEqual({
      content: [{ type: "text", text: "quick" }],
      structuredContent: { n: 1 },
    });
    expect(task.info.status).toBe("completed");
    expect(await task.refresh()).toMatchObject({ taskId: task.taskId, status: "completed" });
  });

  it("polls at the server's interval while the task works, and reports each status change once", async () => {
    const { server, gate } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "slow" }, { task: {} });
    expect(task.info.ttlMs).toBe(60_000); // none asked: the server's maximum
    const seen: TaskInfo[] = [];
    const listened: string[] = [];
    task.onStatus((info) => listened.push(info.status));
    const outcome = task.result({ onStatus: (info) => seen.push(info) });
    expect(await task.refresh()).toMatchObject({ status: "working" });
    gate.resolve({ content: [{ type: "text", text: "done" }] });
    expect(await outcome).toEqual({ content: [{ type: "text", text: "done" }] });
    expect(seen.map((i) => i.status)).toEqual(["completed"]);
    expect(listened).toEqual(["completed"]);
  });

  it("answers an isError result as the plain call would, the task having failed", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "broken" }, { task: {} });
    expect(await task.result()).toEqual({ content: [{ type: "text", text: "no" }], isError: true });
    expect(task.info).toMatchObject({ status: "failed", statusMessage: "The tool reported an error" });
  });

  it("throws the McpError the plain call would", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    const plain = await client.callTool({ name: "throws" }).catch((e: unknown) => e);
    const task = await client.callTool({ name: "throws" }, { task: {} });
    const error = await task.result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(plain).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "bad city",
      data: { city: "Atlantis" },
    });
    expect(plain).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "bad city",
      data: { city: "Atlantis" },
    });
    expect(task.info).toMatchObject({ status: "failed", statusMessage: "bad city" });
  });

  it("cancel() sends tasks/cancel: the handler's signal aborts and result() throws LocalError('cancelled')", async () => {
    const { server, signals } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "slow" }, { task: {} });
    const waiting = task.result();
    const after = await task.cancel();
    expect(after).toMatchObject({
      taskId: task.taskId,
      status: "cancelled",
      statusMessage: "The task was cancelled by request.",
    });
    expect(signals[0]?.aborted).toBe(true);
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "cancelled", message: `Task ${task.taskId} was cancelled` });
    await expect(task.result()).rejects.toMatchObject({ code: "cancelled" });
    // A second cancel is the server's to refuse: the task is terminal.
    await expect(task.cancel()).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Cannot cancel task: already in terminal status 'cancelled'",
    });
  });

  it("runs a listed tool whose taskSupport is required as a task when called plainly", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    await client.listTools();
    expect(await client.callTool({ name: "quick" })).toEqual({
      content: [{ type: "text", text: "quick" }],
      structuredContent: { n: 1 },
    });
    expect((await client.listTasks()).map((t) => t.status)).toEqual(["completed"]);
  });

  it("hears the task's progress after the CreateTaskResult (its progress token stays valid)", async () => {
    const { server, gate } = taskServer();
    const client = await connect(server, REVISION);
    const reports: unknown[] = [];
    const task = await client.callTool({ name: "steps" }, { task: {}, onProgress: (p) => reports.push(p) });
    gate.resolve({ content: [] });
    expect(await task.result()).toEqual({ content: [{ type: "text", text: "stepped" }] });
    expect(reports).toEqual([
      { progress: 1, total: 2, message: "half" },
      { progress: 2, total: 2, message: "all" },
    ]);
  });

  it("answers input the task asks for with the client's handlers; the request names the task", async () => {
    const { server } = taskServer();
    const asked: unknown[] = [];
    const client = await connect(server, REVISION, {
      elicitation: {
        form: (params) => {
          asked.push(params._meta);
          return { action: "accept", content: { ok: true } };
        },
      },
    });
    const task = await client.callTool({ name: "asks" }, { task: {} });
    expect(await task.result()).toEqual({ content: [{ type: "text", text: 'accept:{"ok":true}' }] });
    expect(asked).toEqual([expect.objectContaining({ [RELATED]: { taskId: task.taskId } })]);
  });

  it("stops waiting (not the task) when the signal aborts", async () => {
    const { server, gate } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "slow" }, { task: {} });
    const controller = new AbortController();
    const waiting = task.result({ signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: "cancelled" });
    expect((await task.refresh()).status).toBe("working");
    gate.resolve({ content: [] });
    expect(await task.result()).toEqual({ content: [] });
  });

  it("gives up at maxTotalTimeoutMs with LocalError('timeout'); the task goes on", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    const task = await client.callTool({ name: "slow" }, { task: {} });
    const error = await task.result({ maxTotalTimeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "timeout",
      message: `Task ${task.taskId} did not finish in time (status working); it may still run: call result() again or cancel()`,
    });
    expect((await task.refresh()).status).toBe("working");
  });
});

describe("resumeTask (2025-11-25)", () => {
  it("follows a task by its id, and an unknown id is the server's -32602", async () => {
    const { server, gate } = taskServer();
    const client = await connect(server, REVISION);
    const { taskId } = await client.callTool({ name: "slow" }, { task: {} });
    const resumed = await client.resumeTask(taskId);
    expect(resumed.info).toMatchObject({ taskId, status: "working", ttlMs: 60_000 });
    gate.resolve({ content: [{ type: "text", text: "later" }] });
    expect(await resumed.result()).toEqual({ content: [{ type: "text", text: "later" }] });
    await expect(client.resumeTask("nope")).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Failed to retrieve task: Task not found",
    });
  });
});

describe("refusing a task locally (2025-11-25 negotiation rules)", () => {
  it("refuses a tool whose execution.taskSupport is absent or forbidden, sending nothing", async () => {
    const { server, calls } = taskServer();
    const client = await connect(server, REVISION);
    await expect(client.callTool({ name: "plain" }, { task: {} })).rejects.toThrow(
      new LocalError(
        "capability_missing",
        'Tool "plain" does not support task augmentation (execution.taskSupport is absent): call it without the task option',
      ),
    );
    await expect(client.callTool({ name: "forbidden" }, { task: {} })).rejects.toThrow(
      'Tool "forbidden" does not support task augmentation (execution.taskSupport is "forbidden"): call it without the task option',
    );
    await expect(client.callTool({ name: "nope" }, { task: {} })).rejects.toThrow(
      new LocalError(
        "capability_missing",
        `Tool "nope" is not in the server's tool list, so it cannot be called as a task`,
      ),
    );
    expect(calls).toEqual([]);
  });

  it("refuses when the server did not declare tasks.requests.tools.call", async () => {
    const server = newServer({ tasks: false });
    server.tool({ name: "slow", inputSchema: schema, execution: { taskSupport: "optional" } }, () => ({
      content: [],
    }));
    const client = await connect(server, REVISION);
    const error = await client.callTool({ name: "slow" }, { task: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "capability_missing",
      message:
        'the server did not declare the capability "tasks.requests.tools.call" that a task-augmented tools/call needs',
    });
  });

  it("refuses at revisions without tasks", async () => {
    const { server } = taskServer();
    const client = await connect(server, "2025-06-18");
    await expect(client.callTool({ name: "slow" }, { task: {} })).rejects.toMatchObject({
      code: "method_unavailable",
      message:
        "tools/call as a task is not part of revision 2025-06-18 (tasks are 2025-11-25, and an extension at 2026-07-28)",
    });
  });
});

describe("listTasks (2025-11-25)", () => {
  it("lists the requestor's tasks over every page", async () => {
    const { server } = taskServer();
    const client = await connect(server, REVISION);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.callTool({ name: "slow" }, { task: {} })).taskId);
    const listed = await client.listTasks();
    expect(listed.map((t) => t.taskId).sort()).toEqual([...ids].sort());
    expect(listed.every((t) => t.status === "working" && t.ttlMs === 60_000 && t.pollIntervalMs === 10)).toBe(
      true,
    );
    const first = await client.listTasksPage();
    expect(first.items).toHaveLength(2);
    expect(typeof first.nextCursor).toBe("string");
    const second = await client.listTasksPage(first.nextCursor);
    expect(second).toEqual({ items: [expect.objectContaining({ status: "working" })] });
    // Another session sees none of them.
    const other = await connect(server, REVISION);
    expect(await other.listTasks()).toEqual([]);
  });
});
