// The client's tasks (2025-11-25) over real Streamable HTTP on 127.0.0.1: a ToolTask polls, fetches
// its result after the POST that created it is over, answers input the task asks for, cancels.
import { Client, LocalError, type ClientOptions } from "@mcpkit/client";
import { Server, type ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { closedAfterEach, deferred } from "./task-helpers.js";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";

const RELATED = "io.modelcontextprotocol/related-task";
const open = closedAfterEach();

async function serve(options: Partial<ClientOptions> = {}) {
  const gate = deferred<ToolResult>();
  const signals: AbortSignal[] = [];
  const server = new Server({ name: "tasks-http", version: "1" }, { tasks: { pollIntervalMs: 10 } });
  const schema = { type: "object" } as const;
  server.tool({ name: "slow", inputSchema: schema, execution: { taskSupport: "optional" } }, (_a, ctx) => {
    signals.push(ctx.signal);
    return gate.promise;
  });
  server.tool(
    { name: "asks", inputSchema: schema, execution: { taskSupport: "required" } },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: "Go?",
        requestedSchema: { type: "object", properties: { go: { type: "boolean" } }, required: ["go"] },
      });
      return { content: [{ type: "text", text: `${answer.action} ${JSON.stringify(answer.content)}` }] };
    },
  );
  const http = await serveStreamableHttp({ onSession: (transport) => void server.connect(transport) });
  open.push(server, http);
  const client = new Client({
    clientInfo: { name: "c", version: "1" },
    revision: "2025-11-25",
    timeoutMs: 5000,
    ...options,
  });
  open.unshift(client);
  await client.connect(new StreamableHttpClientTransport(http.url));
  return { client, gate, signals };
}

describe("client tasks over Streamable HTTP (2025-11-25)", () => {
  it("a ToolTask outlives its POST: polled, then its result fetched with tasks/result", async () => {
    const { client, gate } = await serve();
    const task = await client.callTool({ name: "slow" }, { task: { ttlMs: 30_000 } });
    expect(task.info).toMatchObject({ status: "working", ttlMs: 30_000, pollIntervalMs: 10 });
    const statuses: string[] = [];
    const outcome = task.result({ onStatus: (info) => statuses.push(info.status) });
    expect((await task.refresh()).status).toBe("working");
    gate.resolve({ content: [{ type: "text", text: "done" }] });
    expect(await outcome).toEqual({ content: [{ type: "text", text: "done" }] });
    expect(statuses).toEqual(["completed"]);
    expect((await client.listTasks()).map((t) => [t.taskId, t.status])).toEqual([[task.taskId, "completed"]]);
  });

  it("answers the task's elicitation with the client's handler", async () => {
    const asked: unknown[] = [];
    const { client } = await serve({
      elicitation: {
        form: (params) => {
          asked.push((params._meta as Record<string, unknown> | undefined)?.[RELATED]);
          return { action: "accept", content: { go: true } };
        },
      },
    });
    const task = await client.callTool({ name: "asks" }, { task: {} });
    expect(await task.result()).toEqual({ content: [{ type: "text", text: 'accept {"go":true}' }] });
    expect(asked).toEqual([{ taskId: task.taskId }]);
  });

  it("cancel() stops the handler; result() throws LocalError('cancelled')", async () => {
    const { client, signals } = await serve();
    const task = await client.callTool({ name: "slow" }, { task: {} });
    const waiting = task.result();
    expect(await task.cancel()).toMatchObject({ status: "cancelled" });
    await expect(waiting).rejects.toThrow(new LocalError("cancelled", `Task ${task.taskId} was cancelled`));
    expect(signals[0]?.aborted).toBe(true);
  });
});
