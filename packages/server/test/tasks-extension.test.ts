// The 2026-07-28 tasks extension (SEP-2663) on a real Server over the in-memory raw peer: task
// creation for tools/call, tasks/get, tasks/update (input requests), tasks/cancel, the required-task
// error, gating on the request's declaration, listen-stream status notifications, and one tool
// definition serving 2025-11-25 task-augmented calls too.
import { McpError } from "@mcpkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MemoryTaskStore,
  type Server,
  type ServerContext,
  TASKS_EXTENSION,
  tasksExtension,
} from "../src/index.js";
import { connect, envelope, newServer, type RawClient, RawPeer, settle } from "./helpers.js";

const T0 = Date.parse("2026-12-07T01:00:00.000Z");
const ISO0 = "2026-12-07T01:00:00.000Z";
const declaring = { extensions: { [TASKS_EXTENSION]: {} }, elicitation: {} };

/** A gate the test opens: the handler waits on it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

function tasksServer() {
  let n = 0;
  const newId = () => `task-${++n}`;
  const store = new MemoryTaskStore({ now: () => T0, newId });
  const server = newServer({
    tasks: { store, maxTtlMs: 60_000, pollIntervalMs: 500 },
    extensions: [tasksExtension({ newTaskId: newId })],
  });
  open.push(server);
  const release = gate<string>();
  let seen: ServerContext | undefined;
  server.tool({ name: "plain", inputSchema: { type: "object" } }, () => ({
    content: [{ type: "text", text: "plain" }],
  }));
  server.tool(
    { name: "job", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    async (_args, ctx) => {
      seen = ctx;
      const text = await release.opened;
      return { content: [{ type: "text", text }] };
    },
  );
  server.tool(
    { name: "must-task", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
    () => ({ content: [{ type: "text", text: "tool failed" }], isError: true }),
  );
  server.tool(
    { name: "broken", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    () => {
      throw new McpError(-32603, "the backend is down", { retry: false });
    },
  );
  server.tool(
    { name: "confirm", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Delete?",
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
      });
      return { content: [{ type: "text", text: `answer: ${answer.action}` }] };
    },
  );
  server.tool(
    { name: "two-questions", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    async (_args, ctx) => {
      const schema = { type: "object" as const, properties: { name: { type: "string" as const } } };
      const [a, b] = await Promise.all([
        ctx.elicit({ message: "first?", requestedSchema: schema }),
        ctx.elicit({ message: "second?", requestedSchema: schema }),
      ]);
      return { content: [{ type: "text", text: `${a.content?.name} ${b.content?.name}` }] };
    },
  );
  server.tool(
    {
      name: "ask-then-task",
      inputSchema: { type: "object" },
      execution: { taskSupport: "required" },
      taskCreation: "handler",
    },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } } },
      });
      await ctx.task?.start();
      return { content: [{ type: "text", text: `Hello, ${String(answer.content?.name)}` }] };
    },
  );
  server.tool(
    {
      name: "maybe-task",
      inputSchema: { type: "object" },
      execution: { taskSupport: "optional" },
      taskCreation: "handler",
    },
    () => ({ content: [{ type: "text", text: "fast enough" }] }),
  );
  return { server, store, release, seen: () => seen };
}

const created = (taskId: string) => ({
  resultType: "task",
  taskId,
  status: "working",
  createdAt: ISO0,
  lastUpdatedAt: ISO0,
  ttlMs: 60_000,
  pollIntervalMs: 500,
});

/** tasks/get until the status is one of `statuses` (bounded). */
async function until(client: RawClient, taskId: string, statuses: readonly string[]) {
  for (let i = 0; i < 50; i++) {
    const task = await client.result("tasks/get", { taskId });
    if (statuses.includes(String(task.status))) return task;
    await settle();
  }
  throw new Error(`task ${taskId} never reached ${statuses.join("/")}`);
}

describe("task creation (tools/call)", () => {
  it("declares the extension in server/discover, with no tasks capability", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    const discover = await client.result("server/discover");
    const capabilities = discover.capabilities as Record<string, unknown>;
    expect(capabilities.extensions).toEqual({ [TASKS_EXTENSION]: {} });
    expect(capabilities.tasks).toBeUndefined();
  });

  it("a task-supporting tool answers a flat CreateTaskResult; a plain tool a complete result", async () => {
    const { server, store } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    const result = await client.result("tools/call", { name: "job", arguments: {} });
    expect({ ...result, _meta: undefined }).toEqual({ ...created("task-1"), _meta: undefined });
    // Durable before the answer: the store already holds it.
    expect((await store.get("anonymous:task-1", "task-1"))?.status).toBe("working");
    const plain = await client.result("tools/call", { name: "plain", arguments: {}, task: { ttl: 1000 } });
    expect(plain.resultType).toBe("complete");
    expect(plain.content).toEqual([{ type: "text", text: "plain" }]);
    expect(plain.taskId).toBeUndefined();
  });

  it("tasks/get shows working, then completed with the tool's result inlined (no related-task _meta)", async () => {
    const { server, release } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "job", arguments: {} });
    const working = await client.result("tasks/get", { taskId: "task-1" });
    expect(working).toMatchObject({
      resultType: "complete",
      taskId: "task-1",
      status: "working",
      ttlMs: 60_000,
    });
    expect("result" in working || "requestState" in working || "ttl" in working).toBe(false);
    release.open("done");
    const done = await until(client, "task-1", ["completed"]);
    expect(done.result).toEqual({ content: [{ type: "text", text: "done" }] });
  });

  it("a tool error completes the task with isError; a JSON-RPC error fails it with the error", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "must-task", arguments: {} });
    const completed = await until(client, "task-1", ["completed", "failed"]);
    expect(completed.status).toBe("completed");
    expect(completed.result).toEqual({ content: [{ type: "text", text: "tool failed" }], isError: true });
    await client.result("tools/call", { name: "broken", arguments: {} });
    const failed = await until(client, "task-2", ["completed", "failed"]);
    expect(failed).toMatchObject({
      status: "failed",
      statusMessage: "the backend is down",
      error: { code: -32603, message: "the backend is down", data: { retry: false } },
    });
    expect("result" in failed).toBe(false);
  });
});

describe("tasks/cancel", () => {
  it("acks, aborts the handler's signal, settles to cancelled; cancelling a terminal task acks again", async () => {
    const { server, release, seen } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "job", arguments: {} });
    await settle();
    const ack = await client.result("tasks/cancel", { taskId: "task-1" });
    expect(Object.keys(ack).sort()).toEqual(["_meta", "resultType"]);
    expect(ack.resultType).toBe("complete");
    expect(seen()?.signal.aborted).toBe(true);
    release.open("too late");
    await settle();
    const task = await client.result("tasks/get", { taskId: "task-1" });
    expect(task).toMatchObject({ status: "cancelled", statusMessage: "The task was cancelled by request." });
    expect("result" in task).toBe(false);
    expect((await client.result("tasks/cancel", { taskId: "task-1" })).resultType).toBe("complete");
  });

  it("an unknown task id is -32602 for tasks/get, tasks/update and tasks/cancel", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    const notFound = { code: -32602, message: "Failed to retrieve task: Task not found" };
    expect(await client.error("tasks/get", { taskId: "nope" })).toEqual(notFound);
    expect(await client.error("tasks/update", { taskId: "nope", inputResponses: {} })).toEqual(notFound);
    expect(await client.error("tasks/cancel", { taskId: "nope" })).toEqual(notFound);
  });
});

describe("gating on the request's declaration", () => {
  it("tasks/* are -32021 without it; tasks/result and tasks/list do not exist (-32601)", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", {});
    const missing = {
      code: -32021,
      message: `Missing required client capability: extension ${TASKS_EXTENSION}`,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    };
    expect(await client.error("tasks/get", { taskId: "x" })).toEqual(missing);
    expect(await client.error("tasks/update", { taskId: "x", inputResponses: {} })).toEqual(missing);
    expect(await client.error("tasks/cancel", { taskId: "x" })).toEqual(missing);
    const declared = await connect(server, "2026-07-28", declaring);
    expect((await declared.error("tasks/result", { taskId: "x" })).code).toBe(-32601);
    expect((await declared.error("tasks/list", {})).code).toBe(-32601);
  });

  it("an optional tool runs plainly for a non-declaring client; a required one is -32021", async () => {
    const { server, release } = tasksServer();
    const client = await connect(server, "2026-07-28", {});
    release.open("sync");
    const result = await client.result("tools/call", { name: "job", arguments: {} });
    expect(result.resultType).toBe("complete");
    expect(result.content).toEqual([{ type: "text", text: "sync" }]);
    expect(await client.error("tools/call", { name: "must-task", arguments: {} })).toEqual({
      code: -32021,
      message: `Missing required client capability: extension ${TASKS_EXTENSION} (tool "must-task" runs only as a task)`,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    });
  });

  it("a declaration on one request is enough for that request", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", {});
    const result = await client.result(
      "tools/call",
      { name: "job", arguments: {} },
      { "io.modelcontextprotocol/clientCapabilities": declaring },
    );
    expect(result).toMatchObject({ resultType: "task", taskId: "task-1" });
  });
});

describe("input requests (tasks/update)", () => {
  it("an elicitation moves the task to input_required; tasks/update answers it and the task completes", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "confirm", arguments: {} });
    const waiting = await until(client, "task-1", ["input_required"]);
    expect(waiting.inputRequests).toEqual({
      "task-input-1": {
        method: "elicitation/create",
        params: {
          message: "Delete?",
          requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } } },
        },
      },
    });
    const ignored = await client.result("tasks/update", {
      taskId: "task-1",
      inputResponses: { "unknown-key": { action: "accept" } },
    });
    expect(ignored.resultType).toBe("complete");
    expect((await client.result("tasks/get", { taskId: "task-1" })).status).toBe("input_required");
    const ack = await client.result("tasks/update", {
      taskId: "task-1",
      inputResponses: { "task-input-1": { action: "accept", content: { confirm: true } } },
    });
    expect(Object.keys(ack).sort()).toEqual(["_meta", "resultType"]);
    const done = await until(client, "task-1", ["completed"]);
    expect(done.result).toEqual({ content: [{ type: "text", text: "answer: accept" }] });
  });

  it("answering one of two requests leaves only the other outstanding", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "two-questions", arguments: {} });
    let task: Record<string, unknown> = {};
    for (let i = 0; i < 20 && Object.keys((task.inputRequests as object | undefined) ?? {}).length < 2; i++) {
      task = await client.result("tasks/get", { taskId: "task-1" });
      await settle();
    }
    expect(Object.keys(task.inputRequests as object)).toEqual(["task-input-1", "task-input-2"]);
    await client.result("tasks/update", {
      taskId: "task-1",
      inputResponses: { "task-input-1": { action: "accept", content: { name: "Ada" } } },
    });
    const partial = await client.result("tasks/get", { taskId: "task-1" });
    expect(partial.status).toBe("input_required");
    expect(Object.keys(partial.inputRequests as object)).toEqual(["task-input-2"]);
    expect(
      await client.error("tasks/update", { taskId: "task-1", inputResponses: { "task-input-2": "yes" } }),
    ).toEqual({ code: -32602, message: 'Invalid params: inputResponses["task-input-2"] must be an object' });
    await client.result("tasks/update", {
      taskId: "task-1",
      inputResponses: { "task-input-2": { action: "accept", content: { name: "Bob" } } },
    });
    const done = await until(client, "task-1", ["completed"]);
    expect(done.result).toEqual({ content: [{ type: "text", text: "Ada Bob" }] });
  });

  it("taskCreation 'handler': an input_required round first, then the CreateTaskResult (no requestState)", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    const round = await client.result("tools/call", { name: "ask-then-task", arguments: {} });
    expect(round.resultType).toBe("input_required");
    expect("taskId" in round).toBe(false);
    const key = Object.keys(round.inputRequests as object)[0] as string;
    const second = await client.result("tools/call", {
      name: "ask-then-task",
      arguments: {},
      inputResponses: { [key]: { action: "accept", content: { name: "Alice" } } },
      requestState: round.requestState,
    });
    expect({ ...second, _meta: undefined }).toEqual({ ...created("task-1"), _meta: undefined });
    const done = await until(client, "task-1", ["completed"]);
    expect(done.result).toEqual({ content: [{ type: "text", text: "Hello, Alice" }] });
  });

  it("taskCreation 'handler': a handler that never starts the task answers at once", async () => {
    const { server, store } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    const result = await client.result("tools/call", { name: "maybe-task", arguments: {} });
    expect(result.resultType).toBe("complete");
    expect(result.content).toEqual([{ type: "text", text: "fast enough" }]);
    expect(store.size).toBe(0);
  });
});

describe("status notifications on subscriptions/listen", () => {
  it("acknowledges the requestor's task ids and streams notifications/tasks with the DetailedTask", async () => {
    const { server, release } = tasksServer();
    const client = await connect(server, "2026-07-28", declaring);
    await client.result("tools/call", { name: "job", arguments: {} });
    client.peer.deliver({
      jsonrpc: "2.0",
      id: "listen-1",
      method: "subscriptions/listen",
      params: client.params({ notifications: { taskIds: ["task-1", "someone-elses"] } }),
    });
    const tag = { "io.modelcontextprotocol/subscriptionId": "listen-1" };
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { notifications: { taskIds: ["task-1"] }, _meta: tag },
    });
    release.open("streamed");
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      method: "notifications/tasks",
      params: {
        taskId: "task-1",
        status: "completed",
        createdAt: ISO0,
        lastUpdatedAt: ISO0,
        ttlMs: 60_000,
        pollIntervalMs: 500,
        result: { content: [{ type: "text", text: "streamed" }] },
        _meta: tag,
      },
    });
  });

  it("refuses task ids from a client that did not declare the extension (-32021)", async () => {
    const { server } = tasksServer();
    const client = await connect(server, "2026-07-28", {});
    expect(
      (await client.error("subscriptions/listen", { notifications: { taskIds: ["task-1"] } })).code,
    ).toBe(-32021);
  });
});

describe("one tool definition, both eras", () => {
  it("2025-11-25: the same tool runs as a legacy task-augmented call", async () => {
    const { server, release } = tasksServer();
    const client = await connect(server, "2025-11-25", { tasks: {} });
    const result = await client.result("tools/call", { name: "job", arguments: {}, task: { ttl: 1000 } });
    expect(result.task).toMatchObject({ taskId: "task-1", status: "working", ttl: 1000, pollInterval: 500 });
    release.open("legacy");
    // The handler's messages wait for its CreateTaskResult to be out (a timer turn): wait for the
    // notification rather than for a fixed number of turns.
    expect(await client.peer.next()).toMatchObject({
      method: "notifications/tasks/status",
      params: { taskId: "task-1", status: "completed" },
    });
    expect(await client.result("tasks/result", { taskId: "task-1" })).toMatchObject({
      content: [{ type: "text", text: "legacy" }],
    });
    // tasks/update is not part of 2025-11-25.
    expect((await client.error("tasks/update", { taskId: "task-1", inputResponses: {} })).code).toBe(-32601);
  });
});

describe("who reaches a task", () => {
  it("a task created by an auth subject is unknown (-32602) to another subject and to anonymous callers", async () => {
    const { server } = tasksServer();
    const peer = new RawPeer();
    await server.connect(peer);
    const as = (subject: string | undefined, id: number, method: string, params: Record<string, unknown>) => {
      const context = subject ? { authInfo: { token: "t", clientId: "c", scopes: [], subject } } : {};
      peer.deliver(
        { jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope(declaring) } },
        context,
      );
      return peer.next() as Promise<Record<string, unknown>>;
    };
    const created = await as("alice", 1, "tools/call", { name: "job", arguments: {} });
    expect(created.result).toMatchObject({ resultType: "task", taskId: "task-1" });
    const notFound = { code: -32602, message: "Failed to retrieve task: Task not found" };
    expect((await as("bob", 2, "tasks/get", { taskId: "task-1" })).error).toEqual(notFound);
    expect((await as(undefined, 3, "tasks/cancel", { taskId: "task-1" })).error).toEqual(notFound);
    expect((await as("alice", 4, "tasks/get", { taskId: "task-1" })).result).toMatchObject({
      status: "working",
    });
  });
});

describe("scopes", () => {
  it("a caller without the tool's scopes is refused before any task exists", async () => {
    const { server, store } = tasksServer();
    server.tool(
      {
        name: "deploy",
        inputSchema: { type: "object" },
        execution: { taskSupport: "optional" },
        scopes: ["deploy:run"],
      },
      () => ({ content: [{ type: "text", text: "deployed" }] }),
    );
    const peer = new RawPeer();
    await server.connect(peer);
    const as = (scopes: string[], id: number) => {
      const context = { authInfo: { token: "t", clientId: "c", scopes, subject: "alice" } };
      const params = { name: "deploy", arguments: {}, _meta: envelope(declaring) };
      peer.deliver({ jsonrpc: "2.0", id, method: "tools/call", params }, context);
      return peer.next() as Promise<Record<string, unknown>>;
    };
    const refused = await as(["other"], 1);
    expect(refused.error).toMatchObject({
      code: -32003,
      message: 'tool "deploy" needs scope deploy:run',
      data: { status: 403, error: "insufficient_scope" },
    });
    expect(store.size).toBe(0);
    expect((await as(["deploy:run"], 2)).result).toMatchObject({ resultType: "task", taskId: "task-1" });
  });
});

describe("bounds", () => {
  it("a handler still waiting for input when its task's TTL passes is stopped", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { server } = tasksServer();
      const client = await connect(server, "2026-07-28", declaring);
      await client.result("tools/call", { name: "confirm", arguments: {} });
      await until(client, "task-1", ["input_required"]);
      vi.advanceTimersByTime(60_000);
      // The clock of this store never moves, so the task is still there to show how it ended.
      const ended = await until(client, "task-1", ["completed", "failed"]);
      expect(ended.result).toEqual({ content: [{ type: "text", text: "The task expired" }], isError: true });
    } finally {
      vi.useRealTimers();
    }
  });
});
