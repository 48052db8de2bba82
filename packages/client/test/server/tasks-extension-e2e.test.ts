// The client against the server's tasks extension (2026-07-28, SEP-2663): a real Server with
// tasksExtension() and a Client with the client's tasksExtension(), over the in-memory pair.
import { LocalError, McpError } from "@mcpkit/core";
import { type ToolResult, tasksExtension as serverTasks } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { type ClientOptions, tasksExtension } from "../../src/index.js";
import { connect, newServer, until } from "./setup.js";

const REVISION = "2026-07-28";
const schema = { type: "object" } as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function jobs() {
  const server = newServer({ tasks: { pollIntervalMs: 10 }, extensions: [serverTasks()] });
  const gate = deferred<ToolResult>();
  const signals: AbortSignal[] = [];
  server.tool({ name: "job", inputSchema: schema, execution: { taskSupport: "optional" } }, (_a, ctx) => {
    signals.push(ctx.signal);
    return gate.promise;
  });
  server.tool({ name: "plain", inputSchema: schema }, () => ({ content: [{ type: "text", text: "plain" }] }));
  server.tool({ name: "tool-error", inputSchema: schema, execution: { taskSupport: "required" } }, () => ({
    content: [{ type: "text", text: "tool failed" }],
    isError: true,
  }));
  server.tool({ name: "broken", inputSchema: schema, execution: { taskSupport: "optional" } }, () => {
    throw new McpError(-32603, "the backend is down", { retry: false });
  });
  server.tool(
    { name: "confirm", inputSchema: schema, execution: { taskSupport: "optional" } },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: "Delete?",
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean" } },
          required: ["confirm"],
        },
      });
      return {
        content: [{ type: "text", text: `answer: ${answer.action} ${JSON.stringify(answer.content)}` }],
      };
    },
  );
  return { server, gate, signals };
}

const withTasks = (options: Partial<ClientOptions> = {}): Partial<ClientOptions> => ({
  extensions: [tasksExtension()],
  ...options,
});

describe("client tasks extension against the server's (2026-07-28)", () => {
  it("callTool with the task option answers a ToolTask the server created; result() after the handler ends", async () => {
    const { server, gate } = jobs();
    const client = await connect(server, REVISION, withTasks());
    expect(client.serverExtensions).toHaveProperty(["io.modelcontextprotocol/tasks"]);
    const task = await client.callTool({ name: "job" }, { task: {} });
    expect(task.taskId).not.toBe("");
    expect(task.info).toMatchObject({ status: "working", pollIntervalMs: 10 });
    const outcome = task.result();
    gate.resolve({ content: [{ type: "text", text: "built" }] });
    expect(await outcome).toMatchObject({ content: [{ type: "text", text: "built" }] });
    expect(task.info.status).toBe("completed");
  });

  it("a plain callTool answers the task's result; a client without the extension never sees a task", async () => {
    const { server, gate } = jobs();
    const client = await connect(server, REVISION, withTasks());
    const answered = client.callTool({ name: "job" });
    gate.resolve({ content: [{ type: "text", text: "done" }] });
    expect(await answered).toMatchObject({ content: [{ type: "text", text: "done" }] });
    const plain = await connect(server, REVISION);
    expect(await plain.callTool({ name: "job" })).toMatchObject({
      content: [{ type: "text", text: "done" }],
    });
  });

  it("a tool without taskSupport is answered at once: an already completed ToolTask", async () => {
    const { server } = jobs();
    const client = await connect(server, REVISION, withTasks());
    const task = await client.callTool({ name: "plain" }, { task: {} });
    expect(task.taskId).toBe("");
    expect(await task.result()).toMatchObject({ content: [{ type: "text", text: "plain" }] });
  });

  it("an isError result completes the task; a JSON-RPC error fails it with that error", async () => {
    const { server } = jobs();
    const client = await connect(server, REVISION, withTasks());
    const toolError = await client.callTool({ name: "tool-error" }, { task: {} });
    expect(await toolError.result()).toMatchObject({
      content: [{ type: "text", text: "tool failed" }],
      isError: true,
    });
    expect(toolError.info.status).toBe("completed");
    const broken = await client.callTool({ name: "broken" }, { task: {} });
    const error = await broken.result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603, message: "the backend is down", data: { retry: false } });
  });

  it("input the task needs is answered by the client's elicitation handler through tasks/update", async () => {
    const { server } = jobs();
    const asked: string[] = [];
    const client = await connect(
      server,
      REVISION,
      withTasks({
        elicitation: {
          form: ({ message }) => {
            asked.push(message);
            return { action: "accept", content: { confirm: true } };
          },
        },
      }),
    );
    const task = await client.callTool({ name: "confirm" }, { task: {} });
    expect(await task.result()).toMatchObject({
      content: [{ type: "text", text: 'answer: accept {"confirm":true}' }],
    });
    expect(asked).toEqual(["Delete?"]);
  });

  it("cancel() reaches the handler; result() throws LocalError('cancelled')", async () => {
    const { server, signals } = jobs();
    const client = await connect(server, REVISION, withTasks());
    const task = await client.callTool({ name: "job" }, { task: {} });
    await until(() => signals.length === 1);
    const waiting = task.result();
    await task.cancel();
    await expect(waiting).rejects.toThrow(new LocalError("cancelled", `Task ${task.taskId} was cancelled`));
    expect(signals[0]?.aborted).toBe(true);
  });

  it("a listen stream with taskIds delivers the task's states: result() ends without another poll", async () => {
    const server = newServer({ tasks: { pollIntervalMs: 60_000 }, extensions: [serverTasks()] });
    const gate = deferred<ToolResult>();
    server.tool(
      { name: "job", inputSchema: schema, execution: { taskSupport: "optional" } },
      () => gate.promise,
    );
    const methods: string[] = [];
    server.use((request, next) => {
      methods.push(request.method);
      return next();
    });
    const client = await connect(server, REVISION, withTasks());
    const task = await client.callTool({ name: "job" }, { task: {} });
    const subscription = client.listen({ taskIds: [task.taskId] });
    expect(await subscription.acknowledged).toMatchObject({ taskIds: [task.taskId] });
    const outcome = task.result(); // polls once a minute: only the notification can end it soon
    gate.resolve({ content: [{ type: "text", text: "heard" }] });
    expect(await outcome).toMatchObject({ content: [{ type: "text", text: "heard" }] });
    expect(methods.filter((m) => m === "tasks/get")).toEqual([]);
    subscription.close();
  });

  it("resumeTask follows a task by id", async () => {
    const { server, gate } = jobs();
    const client = await connect(server, REVISION, withTasks());
    const { taskId } = await client.callTool({ name: "job" }, { task: {} });
    gate.resolve({ content: [{ type: "text", text: "later" }] });
    const resumed = await client.resumeTask(taskId);
    expect(await resumed.result()).toMatchObject({ content: [{ type: "text", text: "later" }] });
  });
});
