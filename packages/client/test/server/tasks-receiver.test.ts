// The client as a task receiver (2025-11-25): a real Server sends task-augmented sampling and
// elicitation requests through its session's connection and drives tasks/* against the client.
import { ErrorCode, McpError } from "@mcpkit/core";
import type { ServerSession } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { ClientOptions } from "../../src/index.js";
import { connect, newServer, until } from "./setup.js";

const REVISION = "2025-11-25";
const RELATED = "io.modelcontextprotocol/related-task";
const message = { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 };
const reply = { role: "assistant", content: { type: "text", text: "hello" }, model: "local" } as const;

async function receiving(options: Partial<ClientOptions> = {}, declareTasks = false) {
  const server = newServer();
  if (declareTasks) {
    // A tool that allows tasks makes the server declare `tasks` (so it may hear status notifications).
    server.tool(
      { name: "t", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
      () => ({
        content: [],
      }),
    );
  }
  const client = await connect(server, REVISION, {
    tasks: { receive: true, pollIntervalMs: 10 },
    sampling: () => reply,
    ...options,
  });
  const session = [...server.sessions][0] as ServerSession;
  const ask = (method: string, params: Record<string, unknown> = {}) =>
    session.connection.request(method, params);
  return { server, client, session, ask };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe("declaring tasks (2025-11-25)", () => {
  it("declares what it receives: list, cancel and the requests it has handlers for", async () => {
    const { client } = await receiving({ elicitation: { form: () => ({ action: "decline" }) } });
    expect(client.capabilities.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
    });
    const { client: samplingOnly } = await receiving();
    expect(samplingOnly.capabilities.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { sampling: { createMessage: {} } },
    });
  });

  it("declares a bare tasks capability without receive, and none by default", async () => {
    const server = newServer();
    const requestor = await connect(server, REVISION, { tasks: {} });
    expect(requestor.capabilities.tasks).toEqual({});
    const plain = await connect(server, REVISION, { sampling: () => reply });
    expect(plain.capabilities.tasks).toBeUndefined();
  });

  it("answers a task-augmented request normally at a revision without client tasks", async () => {
    const server = newServer();
    await connect(server, "2025-06-18", { tasks: { receive: true }, sampling: () => reply });
    const session = [...server.sessions][0] as ServerSession;
    expect(await session.connection.request("sampling/createMessage", { ...message, task: {} })).toEqual(
      reply,
    );
  });

  it("answers a task-augmented request normally when it does not receive tasks", async () => {
    const { ask } = await receiving({ tasks: {} });
    expect(await ask("sampling/createMessage", { ...message, task: { ttl: 1000 } })).toEqual(reply);
  });
});

describe("task-augmented sampling and elicitation from the server (2025-11-25)", () => {
  it("answers a CreateTaskResult at once, then tasks/get and tasks/result serve the handler's answer", async () => {
    const gate = deferred<void>();
    const seen: unknown[] = [];
    const { ask } = await receiving({
      sampling: async (params) => {
        seen.push(params);
        await gate.promise;
        return reply;
      },
    });
    const created = await ask("sampling/createMessage", { ...message, task: { ttl: 5000 } });
    const task = created.task as Record<string, unknown>;
    expect(created).toEqual({
      task: {
        taskId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: "working",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastUpdatedAt: expect.any(String),
        ttl: 5000,
        pollInterval: 10,
      },
    });
    expect(await ask("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "working" });
    const result = ask("tasks/result", { taskId: task.taskId });
    gate.resolve();
    expect(await result).toEqual({ ...reply, _meta: { [RELATED]: { taskId: task.taskId } } });
    expect(await ask("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "completed" });
    // The handler got the request without its task field.
    expect(seen).toEqual([expect.objectContaining(message)]);
    expect(seen[0]).not.toHaveProperty("task");
  });

  it("runs an elicitation as a task, and a handler error fails it with the same error", async () => {
    const { ask } = await receiving({
      sampling: () => {
        throw new McpError(ErrorCode.InvalidRequest, "no model today");
      },
      elicitation: { form: () => ({ action: "accept", content: { name: "Ada" } }) },
    });
    const form = {
      message: "Name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    };
    const elicited = (await ask("elicitation/create", { ...form, task: {} })).task as { taskId: string };
    expect(await ask("tasks/result", { taskId: elicited.taskId })).toEqual({
      action: "accept",
      content: { name: "Ada" },
      _meta: { [RELATED]: { taskId: elicited.taskId } },
    });
    const sampled = (await ask("sampling/createMessage", { ...message, task: {} })).task as {
      taskId: string;
    };
    await expect(ask("tasks/result", { taskId: sampled.taskId })).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      message: "no model today",
    });
    expect(await ask("tasks/get", { taskId: sampled.taskId })).toMatchObject({
      status: "failed",
      statusMessage: "no model today",
    });
  });

  it("tasks/cancel aborts the handler and keeps the task cancelled; a second cancel is refused", async () => {
    const signals: AbortSignal[] = [];
    const { ask } = await receiving({
      sampling: (_params, ctx) => {
        signals.push(ctx.signal);
        return new Promise(() => {}); // never answers by itself
      },
    });
    const { taskId } = (await ask("sampling/createMessage", { ...message, task: {} })).task as {
      taskId: string;
    };
    await until(() => signals.length === 1);
    expect(await ask("tasks/cancel", { taskId })).toMatchObject({
      taskId,
      status: "cancelled",
      statusMessage: "The task was cancelled by request.",
    });
    expect(signals[0]?.aborted).toBe(true);
    await expect(ask("tasks/result", { taskId })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: `Task ${taskId} was cancelled`,
    });
    await expect(ask("tasks/cancel", { taskId })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Cannot cancel task: already in terminal status 'cancelled'",
    });
  });

  it("answers -32602 for an unknown task", async () => {
    const { ask } = await receiving();
    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      await expect(ask(method, { taskId: "nope" })).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message: "Failed to retrieve task: Task not found",
      });
    }
  });

  it("lists its tasks in pages; a bad cursor is -32602", async () => {
    const { ask } = await receiving({ tasks: { receive: true, pageSize: 1 } });
    const first = ((await ask("sampling/createMessage", { ...message, task: {} })).task as { taskId: string })
      .taskId;
    const second = (
      (await ask("sampling/createMessage", { ...message, task: {} })).task as { taskId: string }
    ).taskId;
    const page1 = await ask("tasks/list");
    expect((page1.tasks as { taskId: string }[]).map((t) => t.taskId)).toEqual([first]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await ask("tasks/list", { cursor: page1.nextCursor });
    expect((page2.tasks as { taskId: string }[]).map((t) => t.taskId)).toEqual([second]);
    expect(page2.nextCursor).toBeUndefined();
    await expect(ask("tasks/list", { cursor: "bogus" })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: "Invalid cursor",
    });
  });

  it("is bounded: at most maxTasks at once, TTL capped at maxTtlMs", async () => {
    const { ask, client } = await receiving({
      tasks: { receive: true, maxTasks: 2, maxTtlMs: 1000 },
      sampling: () => new Promise(() => {}),
    });
    const created = await ask("sampling/createMessage", { ...message, task: { ttl: 999_999 } });
    expect((created.task as { ttl: number }).ttl).toBe(1000);
    await ask("sampling/createMessage", { ...message, task: {} });
    await expect(ask("sampling/createMessage", { ...message, task: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      message:
        "Task limit reached: this client holds at most 2 tasks; wait for some to expire or be cancelled",
    });
    expect(client.capabilities.tasks).toMatchObject({ list: {}, cancel: {} });
  });

  it("lets at most 16 tasks/result requests wait on one task", async () => {
    const gate = deferred<void>();
    const { ask } = await receiving({
      sampling: async () => {
        await gate.promise;
        return reply;
      },
    });
    const { taskId } = (await ask("sampling/createMessage", { ...message, task: {} })).task as {
      taskId: string;
    };
    const waiting = Array.from({ length: 16 }, () => ask("tasks/result", { taskId }));
    await expect(ask("tasks/result", { taskId })).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      message: `Too many tasks/result requests wait on task ${taskId}: at most 16`,
    });
    gate.resolve();
    for (const answer of await Promise.all(waiting)) expect(answer).toMatchObject(reply);
  });

  it("sends notifications/tasks/status to a server that declared tasks", async () => {
    const { ask, session } = await receiving({}, true);
    const statuses: unknown[] = [];
    session.connection.setNotificationHandler("notifications/tasks/status", (params) => {
      statuses.push([params.taskId, params.status]);
    });
    const { taskId } = (await ask("sampling/createMessage", { ...message, task: {} })).task as {
      taskId: string;
    };
    await ask("tasks/result", { taskId });
    await until(() => statuses.length === 1);
    expect(statuses).toEqual([[taskId, "completed"]]);
  });
});

describe("status notifications for the tasks a client asks for (2025-11-25)", () => {
  it("a client that declares tasks hears notifications/tasks/status as taskStatus events", async () => {
    const server = newServer({ tasks: { pollIntervalMs: 60_000 } });
    const gate = deferred<void>();
    server.tool(
      { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
      async () => {
        await gate.promise;
        return { content: [{ type: "text", text: "ok" }] };
      },
    );
    const client = await connect(server, REVISION, { tasks: {} });
    const events: string[] = [];
    client.on("taskStatus", (info) => events.push(info.status));
    const task = await client.callTool({ name: "slow" }, { task: {} });
    const seen: string[] = [];
    task.onStatus((info) => seen.push(info.status));
    gate.resolve();
    await until(() => seen.length === 1);
    // Heard, not polled: the server suggests polling once a minute.
    expect(seen).toEqual(["completed"]);
    expect(events).toEqual(["completed"]);
    expect(task.info.status).toBe("completed");
    expect(await task.result()).toEqual({ content: [{ type: "text", text: "ok" }] });
  });
});
