// The client side of the 2026-07-28 tasks extension against a real Server whose tools/call answers
// a CreateTaskResult (resultType "task") to clients that declare the extension, and whose own
// extension serves tasks/get, tasks/update and tasks/cancel as SEP-2663 shapes them.
import { declaredExtensions, ErrorCode, type JsonObject, LocalError, McpError } from "@mcpkit/core";
import type { ServerContext } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { type ClientOptions, TASKS_EXTENSION, type TaskInfo, tasksExtension } from "../../src/index.js";
import { connect, newServer, until } from "./setup.js";

const REVISION = "2026-07-28";
const schema = { type: "object" } as const;
const stamp = "2026-07-28T10:00:00.000Z";

interface Held {
  status: string;
  statusMessage?: string;
  result?: JsonObject;
  error?: JsonObject;
  inputRequests?: JsonObject;
}

/** A Server that plays the SEP-2663 server side; the test moves its tasks along. */
function sep2663Server() {
  const server = newServer({ tasks: false });
  const tasks = new Map<string, Held>();
  const log: { method: string; params: JsonObject }[] = [];
  let next = 1;
  for (const name of ["report", "greet", "crash", "declared"]) {
    server.tool(
      {
        name,
        inputSchema: schema,
        ...(name === "report" ? { outputSchema: { type: "object", required: ["rows"] } } : {}),
      },
      () => ({ content: [] }),
    );
  }
  server.setRequestHandler("tools/call", (params, ctx: ServerContext) => {
    log.push({ method: "tools/call", params });
    const declared = declaredExtensions(ctx.client.capabilities)[TASKS_EXTENSION] !== undefined;
    if (!declared) return { content: [{ type: "text", text: "answered at once" }] };
    if (params.name === "declared") return { content: [{ type: "text", text: "no task needed" }] };
    const taskId = `task-${next++}`;
    tasks.set(taskId, { status: "working" });
    return {
      resultType: "task",
      taskId,
      status: "working",
      createdAt: stamp,
      lastUpdatedAt: stamp,
      ttlMs: null,
      pollIntervalMs: 10,
    };
  });
  const wire = (taskId: string, held: Held): JsonObject => ({
    resultType: "complete",
    taskId,
    status: held.status,
    ...(held.statusMessage ? { statusMessage: held.statusMessage } : {}),
    createdAt: stamp,
    lastUpdatedAt: stamp,
    ttlMs: null,
    pollIntervalMs: 10,
    ...(held.status === "completed" ? { result: held.result ?? {} } : {}),
    ...(held.status === "failed" ? { error: held.error ?? {} } : {}),
    ...(held.status === "input_required" ? { inputRequests: held.inputRequests ?? {} } : {}),
  });
  const find = (params: JsonObject): [string, Held] => {
    const held = tasks.get(String(params.taskId));
    if (!held) throw new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
    return [String(params.taskId), held];
  };
  server.extension({
    id: TASKS_EXTENSION,
    install(api) {
      api.request("tasks/get", (params) => {
        log.push({ method: "tasks/get", params });
        const [taskId, held] = find(params);
        return wire(taskId, held);
      });
      api.request("tasks/update", (params) => {
        log.push({ method: "tasks/update", params });
        const [, held] = find(params);
        const name = (params.inputResponses as { name?: { content?: { name?: string } } }).name;
        if (held.status === "input_required" && name) {
          held.status = "completed";
          held.result = { content: [{ type: "text", text: `Hello, ${name.content?.name}!` }] };
        }
        return { resultType: "complete" };
      });
      api.request("tasks/cancel", (params) => {
        log.push({ method: "tasks/cancel", params });
        const [, held] = find(params);
        held.status = "cancelled";
        return { resultType: "complete" };
      });
    },
  });
  return { server, tasks, log };
}

async function connectWith(
  server: ReturnType<typeof sep2663Server>["server"],
  options: Partial<ClientOptions> = {},
) {
  return connect(server, REVISION, { extensions: [tasksExtension()], ...options });
}

describe("the tasks extension on the client (2026-07-28)", () => {
  it("is off by default: a plain client neither declares it nor ever sees a task", async () => {
    const { server, log } = sep2663Server();
    const plain = await connect(server, REVISION);
    expect(plain.capabilities.extensions).toBeUndefined();
    expect(await plain.callTool({ name: "greet" })).toMatchObject({
      resultType: "complete",
      content: [{ type: "text", text: "answered at once" }],
    });
    await expect(plain.callTool({ name: "greet" }, { task: {} })).rejects.toThrow(
      new LocalError(
        "capability_not_declared",
        "At 2026-07-28 tasks are the io.modelcontextprotocol/tasks extension: install it with new Client({ extensions: [tasksExtension()] })",
      ),
    );
    expect(log.filter((l) => l.method === "tools/call")).toHaveLength(1);
  });

  it("declares the extension in every request's envelope once installed", async () => {
    const { server } = sep2663Server();
    const client = await connectWith(server);
    expect(client.capabilities.extensions).toEqual({ [TASKS_EXTENSION]: {} });
  });

  it("callTool with the task option answers a ToolTask polled with tasks/get until its inline result", async () => {
    const { server, tasks, log } = sep2663Server();
    const client = await connectWith(server);
    const task = await client.callTool({ name: "greet" }, { task: {} });
    expect(task.info).toEqual({
      taskId: "task-1",
      status: "working",
      createdAt: stamp,
      lastUpdatedAt: stamp,
      ttlMs: null,
      pollIntervalMs: 10,
    });
    // No params.task at 2026-07-28: the server decides.
    expect(log[0]).toEqual({
      method: "tools/call",
      params: expect.not.objectContaining({ task: expect.anything() }),
    });
    const seen: TaskInfo[] = [];
    const outcome = task.result({ onStatus: (info) => seen.push(info) });
    expect(await task.refresh()).toMatchObject({ status: "working" });
    Object.assign(tasks.get("task-1") as Held, {
      status: "completed",
      result: { content: [{ type: "text", text: "done" }], isError: true },
    });
    // A tool-level error is a completed task: its result is what the plain call would answer.
    expect(await outcome).toEqual({
      content: [{ type: "text", text: "done" }],
      isError: true,
      resultType: "complete",
    });
    expect(seen.map((i) => i.status)).toEqual(["completed"]);
    expect(log.filter((l) => l.method === "tasks/get").every((l) => l.params.taskId === "task-1")).toBe(true);
  });

  it("a plain callTool carries the task to its result, checked against the output schema", async () => {
    const { server, tasks } = sep2663Server();
    const client = await connectWith(server);
    const answered = client.callTool({ name: "report" });
    await until(() => tasks.size === 1);
    Object.assign(tasks.get("task-1") as Held, {
      status: "completed",
      result: { content: [], structuredContent: { wrong: true } },
    });
    await expect(answered).rejects.toMatchObject({
      name: "ClientError",
      code: "invalid_structured_content",
    });
  });

  it("answers a task that needs input with the client's handlers, once per key, through tasks/update", async () => {
    const { server, tasks, log } = sep2663Server();
    const asked: unknown[] = [];
    const client = await connectWith(server, {
      elicitation: {
        form: (params) => {
          asked.push(params.message);
          return { action: "accept", content: { name: "Luca" } };
        },
      },
    });
    const task = await client.callTool({ name: "greet" }, { task: {} });
    Object.assign(tasks.get("task-1") as Held, {
      status: "input_required",
      inputRequests: {
        name: {
          method: "elicitation/create",
          params: {
            mode: "form",
            message: "Please enter your name.",
            requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
          },
        },
      },
    });
    expect(await task.result()).toEqual({
      content: [{ type: "text", text: "Hello, Luca!" }],
      resultType: "complete",
    });
    expect(asked).toEqual(["Please enter your name."]);
    const updates = log.filter((l) => l.method === "tasks/update");
    expect(updates).toHaveLength(1);
    expect(updates[0]?.params).toMatchObject({
      taskId: "task-1",
      inputResponses: { name: { action: "accept", content: { name: "Luca" } } },
    });
  });

  it("a failed task throws its JSON-RPC error; a cancelled one LocalError('cancelled')", async () => {
    const { server, tasks, log } = sep2663Server();
    const client = await connectWith(server);
    const failing = await client.callTool({ name: "crash" }, { task: {} });
    Object.assign(tasks.get(failing.taskId) as Held, {
      status: "failed",
      statusMessage: "Tool execution failed: API rate limit exceeded",
      error: { code: -32603, message: "API rate limit exceeded" },
    });
    const error = await failing.result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603, message: "API rate limit exceeded" });

    const cancelling = await client.callTool({ name: "greet" }, { task: {} });
    const waiting = cancelling.result();
    expect(await cancelling.cancel()).toMatchObject({ taskId: cancelling.taskId, status: "cancelled" });
    expect(log.filter((l) => l.method === "tasks/cancel").map((l) => l.params.taskId)).toEqual([
      cancelling.taskId,
    ]);
    await expect(waiting).rejects.toThrow(
      new LocalError("cancelled", `Task ${cancelling.taskId} was cancelled`),
    );
  });

  it("a server that answers at once gives an already completed ToolTask", async () => {
    const { server } = sep2663Server();
    const client = await connectWith(server);
    const task = await client.callTool({ name: "declared" }, { task: {} });
    expect(task.taskId).toBe("");
    expect(task.info.status).toBe("completed");
    expect(await task.result()).toMatchObject({
      resultType: "complete",
      content: [{ type: "text", text: "no task needed" }],
    });
  });

  it("resumeTask follows a task by its id, its result inline", async () => {
    const { server, tasks } = sep2663Server();
    const client = await connectWith(server);
    const { taskId } = await client.callTool({ name: "greet" }, { task: {} });
    Object.assign(tasks.get(taskId) as Held, { status: "completed", result: { content: [] } });
    const resumed = await client.resumeTask(taskId);
    expect(resumed.info).toMatchObject({ taskId, status: "completed" });
    expect(await resumed.result()).toEqual({ content: [], resultType: "complete" });
    const plain = await connect(server, REVISION);
    await expect(plain.resumeTask(taskId)).rejects.toMatchObject({ code: "capability_not_declared" });
  });

  it("a notifications/tasks state (listen with taskIds) ends a wait and carries the result", async () => {
    const { server, log } = sep2663Server();
    const client = await connectWith(server);
    const task = await client.callTool({ name: "greet" }, { task: {} });
    const session = [...server.sessions][0];
    const polls = () => log.filter((l) => l.method === "tasks/get").length;
    const before = polls();
    // The server's side of a listen stream with taskIds: the full task, result inline.
    await session?.connection.notify("notifications/tasks", {
      taskId: task.taskId,
      status: "completed",
      createdAt: stamp,
      lastUpdatedAt: stamp,
      ttlMs: null,
      result: { content: [{ type: "text", text: "pushed" }] },
    });
    await until(() => task.info.status === "completed");
    expect(await task.result()).toEqual({
      content: [{ type: "text", text: "pushed" }],
      resultType: "complete",
    });
    expect(polls()).toBe(before);
  });

  it("an unknown task is the server's -32602", async () => {
    const { server, tasks } = sep2663Server();
    const client = await connectWith(server);
    const task = await client.callTool({ name: "greet" }, { task: {} });
    tasks.clear();
    await expect(task.refresh()).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Failed to retrieve task: Task not found",
    });
  });
});
