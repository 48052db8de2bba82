import { McpError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { MemoryTaskStore, type ServerContext, type ServerOptions, type ToolResult } from "../src/index.js";
import { connect, newServer, type RawClient, settle } from "./helpers.js";

const REVISION = "2025-11-25";
const RELATED = "io.modelcontextprotocol/related-task";
const schema = { type: "object" } as const;

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Reads what the server writes until the answer to `id`; everything else is kept in `seen`. */
class Reader {
  readonly seen: Record<string, unknown>[] = [];
  private nextId = 1000;
  constructor(readonly client: RawClient) {}

  send(method: string, params: Record<string, unknown> = {}): number {
    const id = this.nextId++;
    this.client.peer.deliver({ jsonrpc: "2.0", id, method, params });
    return id;
  }

  async answer(id: number): Promise<Record<string, unknown>> {
    for (let i = 0; i < 50; i++) {
      const message = (await this.client.peer.next()) as Record<string, unknown>;
      if (message.id === id && !("method" in message)) return message;
      this.seen.push(message);
    }
    throw new Error(`no answer to ${id}`);
  }

  async call(method: string, params: Record<string, unknown> = {}) {
    return this.answer(this.send(method, params));
  }

  async result(method: string, params: Record<string, unknown> = {}) {
    const answer = await this.call(method, params);
    if (!("result" in answer)) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
    return answer.result as Record<string, unknown>;
  }

  statuses(): unknown[] {
    return this.seen
      .filter((m) => m.method === "notifications/tasks/status")
      .map((m) => (m.params as { status: string }).status);
  }
}

interface Fixture {
  gate: ReturnType<typeof deferred<ToolResult>>;
  signals: AbortSignal[];
}

function serverWith(options: ServerOptions = {}) {
  const server = newServer(options);
  const fixture: Fixture = { gate: deferred<ToolResult>(), signals: [] };
  const slow = (_args: unknown, ctx: ServerContext) => {
    fixture.signals.push(ctx.signal);
    return fixture.gate.promise;
  };
  server.tool({ name: "slow", inputSchema: schema, execution: { taskSupport: "optional" } }, slow);
  server.tool({ name: "must", inputSchema: schema, execution: { taskSupport: "required" } }, () => ({
    content: [{ type: "text", text: "ran" }],
  }));
  server.tool({ name: "plain", inputSchema: schema }, () => ({ content: [{ type: "text", text: "plain" }] }));
  server.tool({ name: "broken", inputSchema: schema, execution: { taskSupport: "optional" } }, () => ({
    content: [{ type: "text", text: "no" }],
    isError: true,
  }));
  return { server, fixture };
}

async function open(options: ServerOptions = {}, capabilities: Record<string, unknown> = {}) {
  const { server, fixture } = serverWith(options);
  const reader = new Reader(await connect(server, REVISION, capabilities));
  return { server, fixture, reader };
}

describe("task capability and tool-level negotiation (2025-11-25)", () => {
  it("declares tasks exactly as the spec shapes it, and lists each tool's execution", async () => {
    const { server, reader } = await open();
    expect(server.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = (await reader.result("tools/list")) as {
      tools: { name: string; execution?: unknown }[];
    };
    expect(tools.map((t) => [t.name, t.execution])).toEqual([
      ["slow", { taskSupport: "optional" }],
      ["must", { taskSupport: "required" }],
      ["plain", undefined],
      ["broken", { taskSupport: "optional" }],
    ]);
    await server.close();
  });

  it("does not declare tasks when no tool allows them, or when options.tasks is false", () => {
    const server = newServer();
    server.tool({ name: "plain", inputSchema: schema }, () => ({ content: [] }));
    expect(server.capabilities.tasks).toBeUndefined();
    expect(serverWith({ tasks: false }).server.capabilities.tasks).toBeUndefined();
  });

  it("refuses a task for a forbidden tool and a plain call of a required one with -32601", async () => {
    const { server, reader } = await open();
    expect((await reader.call("tools/call", { name: "plain", arguments: {}, task: {} })).error).toEqual({
      code: -32601,
      message: 'Tool "plain" does not support task augmentation: call it without params.task',
    });
    expect((await reader.call("tools/call", { name: "must", arguments: {} })).error).toEqual({
      code: -32601,
      message: 'Tool "must" requires task augmentation: call it with params.task',
    });
    await server.close();
  });

  it("refuses an execution.taskSupport the spec does not define", () => {
    const server = newServer();
    expect(() =>
      server.tool(
        { name: "t", inputSchema: schema, execution: { taskSupport: "sometimes" as "optional" } },
        () => ({ content: [] }),
      ),
    ).toThrow(
      new TypeError(
        'Tool "t" has execution.taskSupport "sometimes": it must be "forbidden", "optional" or "required"',
      ),
    );
  });

  it("serves no tasks/* method to other revisions", async () => {
    const { server } = serverWith();
    const client = await connect(server, "2025-06-18");
    expect(await client.error("tasks/list")).toMatchObject({ code: -32601 });
    await server.close();
  });
});

describe("task-augmented tools/call (2025-11-25)", () => {
  it("answers a CreateTaskResult at once, runs the handler in the background, and tasks/result answers its result", async () => {
    const { server, fixture, reader } = await open(
      { tasks: { pollIntervalMs: 250, maxTtlMs: 60_000 } },
      { tasks: {} }, // status notifications go to clients that declare tasks
    );
    const created = await reader.result("tools/call", { name: "slow", arguments: {}, task: { ttl: 5000 } });
    const task = created.task as Record<string, unknown>;
    expect(task).toEqual({
      taskId: expect.any(String),
      status: "working",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUpdatedAt: task.createdAt,
      ttl: 5000,
      pollInterval: 250,
    });
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "working" });
    // tasks/result blocks while the task works...
    const waiting = reader.send("tasks/result", { taskId: task.taskId });
    await settle();
    expect(reader.client.peer.received).toEqual([]);
    expect(server.tasks?.waiting).toBe(1);
    // ...and answers once it completes, with the related-task _meta.
    fixture.gate.resolve({ content: [{ type: "text", text: "done" }] });
    expect(await reader.answer(waiting)).toEqual({
      jsonrpc: "2.0",
      id: waiting,
      result: { content: [{ type: "text", text: "done" }], _meta: { [RELATED]: { taskId: task.taskId } } },
    });
    reader.seen.push(...((await reader.client.peer.drain()) as Record<string, unknown>[]));
    expect(reader.statuses()).toEqual(["completed"]);
    expect(server.tasks?.waiting).toBe(0);
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "completed" });
    await server.close();
  });

  it("caps the TTL at maxTtlMs, and grants it when none is asked", async () => {
    const { server, reader } = await open({ tasks: { maxTtlMs: 1000 } });
    const long = await reader.result("tools/call", { name: "must", arguments: {}, task: { ttl: 999_999 } });
    expect((long.task as { ttl: number }).ttl).toBe(1000);
    const none = await reader.result("tools/call", { name: "must", arguments: {}, task: {} });
    expect((none.task as { ttl: number }).ttl).toBe(1000);
    await server.close();
  });

  it("a tool error fails the task, and tasks/result answers the same result", async () => {
    const { server, reader } = await open();
    const { task } = (await reader.result("tools/call", { name: "broken", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    const result = await reader.result("tasks/result", { taskId: task.taskId });
    expect(result).toEqual({
      content: [{ type: "text", text: "no" }],
      isError: true,
      _meta: { [RELATED]: { taskId: task.taskId } },
    });
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({
      status: "failed",
      statusMessage: "The tool reported an error",
    });
    await server.close();
  });

  it("a JSON-RPC error of the call is the error tasks/result answers", async () => {
    const { server, reader } = await open();
    server.tool({ name: "refuses", inputSchema: schema, execution: { taskSupport: "optional" } }, () => {
      throw new McpError(-32602, "Unknown region", { region: "mars" });
    });
    const plainError = (await reader.call("tools/call", { name: "refuses", arguments: {} })).error;
    const { task } = (await reader.result("tools/call", { name: "refuses", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    expect((await reader.call("tasks/result", { taskId: task.taskId })).error).toEqual(plainError);
    expect(plainError).toEqual({ code: -32602, message: "Unknown region", data: { region: "mars" } });
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({
      status: "failed",
      statusMessage: "Unknown region",
    });
    await server.close();
  });

  it("tasks/cancel aborts the handler's signal, answers cancelled, and a second cancel is refused", async () => {
    const { server, fixture, reader } = await open();
    const { task } = (await reader.result("tools/call", { name: "slow", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    await settle();
    expect(fixture.signals[0]?.aborted).toBe(false);
    const cancelled = await reader.result("tasks/cancel", { taskId: task.taskId });
    expect(cancelled).toMatchObject({
      taskId: task.taskId,
      status: "cancelled",
      statusMessage: "The task was cancelled by request.",
    });
    expect(fixture.signals[0]?.aborted).toBe(true);
    // The handler finishing later does not move it out of cancelled.
    fixture.gate.resolve({ content: [] });
    await settle();
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "cancelled" });
    expect((await reader.call("tasks/cancel", { taskId: task.taskId })).error).toEqual({
      code: -32602,
      message: "Cannot cancel task: already in terminal status 'cancelled'",
    });
    // A cancelled task has no result: tasks/result says so, naming the task.
    expect((await reader.call("tasks/result", { taskId: task.taskId })).error).toEqual({
      code: -32602,
      message: `Task ${task.taskId} was cancelled`,
      data: { [RELATED]: { taskId: task.taskId } },
    });
    await server.close();
  });

  it("an unknown task id is -32602 Task not found in tasks/get, tasks/result and tasks/cancel", async () => {
    const { server, reader } = await open();
    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"]) {
      expect((await reader.call(method, { taskId: "nope" })).error).toEqual({
        code: -32602,
        message: "Failed to retrieve task: Task not found",
      });
    }
    await server.close();
  });

  it("another session can neither see nor cancel the task", async () => {
    const { server, reader } = await open();
    const other = new Reader(await connect(server, REVISION));
    const { task } = (await reader.result("tools/call", { name: "must", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    expect((await other.call("tasks/get", { taskId: task.taskId })).error).toEqual({
      code: -32602,
      message: "Failed to retrieve task: Task not found",
    });
    expect((await other.call("tasks/cancel", { taskId: task.taskId })).error).toMatchObject({ code: -32602 });
    expect(await other.result("tasks/list")).toEqual({ tasks: [] });
    expect(((await reader.result("tasks/list")).tasks as unknown[]).length).toBe(1);
    await server.close();
  });

  it("with an auth subject, the task belongs to the subject: its other sessions see it, other subjects do not", async () => {
    const { server, reader } = await open();
    const alice = { authInfo: { token: "a", subject: "alice" } };
    const asAlice = (r: Reader, id: number, method: string, params: Record<string, unknown>) => {
      r.client.peer.deliver({ jsonrpc: "2.0", id, method, params }, alice);
      return r.answer(id);
    };
    const created = await asAlice(reader, 1, "tools/call", { name: "must", arguments: {}, task: {} });
    const { taskId } = (created.result as { task: { taskId: string } }).task;
    const second = new Reader(await connect(server, REVISION));
    expect((await asAlice(second, 2, "tasks/get", { taskId })).result).toMatchObject({ taskId });
    // The same session, anonymous, is another requestor.
    expect((await reader.call("tasks/get", { taskId })).error).toMatchObject({ code: -32602 });
    const bob = { authInfo: { token: "b", subject: "bob" } };
    second.client.peer.deliver({ jsonrpc: "2.0", id: 3, method: "tasks/get", params: { taskId } }, bob);
    expect((await second.answer(3)).error).toMatchObject({ code: -32602 });
    await server.close();
  });

  it("tasks/list pages the session's tasks and refuses a forged cursor", async () => {
    const { server, reader } = await open({ tasks: { pageSize: 2 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { task } = (await reader.result("tools/call", { name: "must", arguments: {}, task: {} })) as {
        task: { taskId: string };
      };
      ids.push(task.taskId);
    }
    const first = (await reader.result("tasks/list")) as { tasks: { taskId: string }[]; nextCursor?: string };
    expect(first.tasks.map((t) => t.taskId)).toEqual(ids.slice(0, 2));
    expect(typeof first.nextCursor).toBe("string");
    const second = (await reader.result("tasks/list", { cursor: first.nextCursor })) as {
      tasks: { taskId: string }[];
      nextCursor?: string;
    };
    expect(second.tasks.map((t) => t.taskId)).toEqual(ids.slice(2));
    expect(second.nextCursor).toBeUndefined();
    expect((await reader.call("tasks/list", { cursor: "forged" })).error).toEqual({
      code: -32602,
      message: "Invalid cursor",
    });
    await server.close();
  });

  it("a session creating tasks without bound is limited, and another session keeps working", async () => {
    const store = new MemoryTaskStore({ maxTasksPerOwner: 3 });
    const { server, reader } = await open({ tasks: { store } });
    for (let i = 0; i < 3; i++) await reader.result("tools/call", { name: "slow", arguments: {}, task: {} });
    expect((await reader.call("tools/call", { name: "slow", arguments: {}, task: {} })).error).toEqual({
      code: -32600,
      message: "Task limit reached: at most 3 tasks per requestor; wait for some to expire or be cancelled",
    });
    const other = new Reader(await connect(server, REVISION));
    expect(await other.result("tools/call", { name: "slow", arguments: {}, task: {} })).toHaveProperty(
      "task",
    );
    expect(await reader.result("tools/call", { name: "plain", arguments: {} })).toEqual({
      content: [{ type: "text", text: "plain" }],
    });
    await server.close();
  });

  it("an expired task is gone", async () => {
    const time = { now: 1_000_000 };
    const store = new MemoryTaskStore({ now: () => time.now });
    const { server, reader } = await open({ tasks: { store } });
    const { task } = (await reader.result("tools/call", {
      name: "must",
      arguments: {},
      task: { ttl: 100 },
    })) as {
      task: { taskId: string };
    };
    time.now += 100;
    expect((await reader.call("tasks/get", { taskId: task.taskId })).error).toMatchObject({ code: -32602 });
    expect(await reader.result("tasks/list")).toEqual({ tasks: [] });
    await server.close();
  });

  it("elicitation in the task's context carries the related task and moves it to input_required", async () => {
    const { server, reader } = await open({}, { elicitation: { form: {} }, tasks: {} });
    const asked = deferred<void>();
    server.tool(
      { name: "ask", inputSchema: schema, execution: { taskSupport: "required" } },
      async (_a, ctx) => {
        const answer = await ctx.elicit({
          message: "Go?",
          requestedSchema: { type: "object", properties: {} },
        });
        asked.resolve();
        return { content: [{ type: "text", text: answer.action }] };
      },
    );
    const { task } = (await reader.result("tools/call", { name: "ask", arguments: {}, task: {} })) as {
      task: { taskId: string };
    };
    // The input_required status notification may come first: keep it for the check at the end.
    let request = (await reader.client.peer.next()) as {
      id?: string;
      method: string;
      params: Record<string, unknown>;
    };
    if (request.method === "notifications/tasks/status") {
      reader.seen.push(request);
      request = (await reader.client.peer.next()) as typeof request;
    }
    expect(request.method).toBe("elicitation/create");
    expect(request.params._meta).toMatchObject({ [RELATED]: { taskId: task.taskId } });
    expect(await reader.result("tasks/get", { taskId: task.taskId })).toMatchObject({
      status: "input_required",
    });
    reader.client.peer.deliver({ jsonrpc: "2.0", id: request.id, result: { action: "accept", content: {} } });
    await asked.promise;
    expect(await reader.result("tasks/result", { taskId: task.taskId })).toMatchObject({
      content: [{ type: "text", text: "accept" }],
    });
    reader.seen.push(...((await reader.client.peer.drain()) as Record<string, unknown>[]));
    expect(reader.statuses()).toEqual(["input_required", "working", "completed"]);
    await server.close();
  });

  it("progress reported after the CreateTaskResult reaches the client, naming the task", async () => {
    const { server, reader } = await open();
    const gate = deferred<void>();
    server.tool(
      { name: "steps", inputSchema: schema, execution: { taskSupport: "required" } },
      async (_a, ctx) => {
        await gate.promise;
        await ctx.progress(1, 2, "half");
        await ctx.progress(1, 2, "not increasing: dropped");
        return { content: [] };
      },
    );
    const created = await reader.result("tools/call", {
      name: "steps",
      arguments: {},
      task: {},
      _meta: { progressToken: "p1" },
    });
    const { taskId } = created.task as { taskId: string };
    gate.resolve();
    await reader.result("tasks/result", { taskId });
    reader.seen.push(...((await reader.client.peer.drain()) as Record<string, unknown>[]));
    expect(reader.seen.filter((m) => m.method === "notifications/progress")).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: {
          progressToken: "p1",
          progress: 1,
          total: 2,
          message: "half",
          _meta: { [RELATED]: { taskId } },
        },
      },
    ]);
    await server.close();
  });

  it("a session's tasks are stopped and freed when the session closes", async () => {
    const store = new MemoryTaskStore();
    const { server, fixture, reader } = await open({ tasks: { store } });
    const created = await reader.result("tools/call", { name: "slow", arguments: {}, task: {} });
    reader.send("tasks/result", { taskId: (created.task as { taskId: string }).taskId });
    await settle();
    expect(store.size).toBe(1);
    expect(server.tasks?.waiting).toBe(1);
    await reader.client.peer.close();
    await settle();
    expect(fixture.signals[0]?.aborted).toBe(true);
    expect(store.size).toBe(0);
    expect(server.tasks?.waiting).toBe(0);
    await server.close();
  });

  it("a caller without the tool's scopes is refused before any task is made", async () => {
    const store = new MemoryTaskStore();
    const { server, reader } = await open({ tasks: { store } });
    server.tool(
      { name: "admin", inputSchema: schema, scopes: ["admin"], execution: { taskSupport: "optional" } },
      () => ({ content: [] }),
    );
    const viewer = { authInfo: { token: "v", subject: "viewer", scopes: ["read"] } };
    const ask = async (id: number, params: Record<string, unknown>) => {
      reader.client.peer.deliver({ jsonrpc: "2.0", id, method: "tools/call", params }, viewer);
      return (await reader.answer(id)).error;
    };
    const plainError = await ask(1, { name: "admin", arguments: {} });
    expect(plainError).toMatchObject({ code: -32003 });
    expect(await ask(2, { name: "admin", arguments: {}, task: {} })).toEqual(plainError);
    expect(store.size).toBe(0);
    await server.close();
  });
});
