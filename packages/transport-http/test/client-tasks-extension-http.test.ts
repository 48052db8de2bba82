// The client's tasks extension (2026-07-28) over real stateless Streamable HTTP on 127.0.0.1,
// against the server's tasksExtension(): each tasks/* request is its own POST with Mcp-Name.
import { Client, LocalError, tasksExtension as clientTasks } from "@mcpkit/client";
import { Server, type ToolResult, tasksExtension } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { closedAfterEach, deferred } from "./task-helpers.js";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";

const open = closedAfterEach();

async function serve() {
  const gate = deferred<ToolResult>();
  const server = new Server(
    { name: "tasks-http", version: "1.0.0" },
    { tasks: { pollIntervalMs: 10 }, extensions: [tasksExtension()] },
  );
  const schema = { type: "object" } as const;
  server.tool(
    { name: "job", inputSchema: schema, execution: { taskSupport: "optional" } },
    () => gate.promise,
  );
  server.tool(
    { name: "confirm", inputSchema: schema, execution: { taskSupport: "optional" } },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: "Go?",
        requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
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
  const client = new Client({
    clientInfo: { name: "c", version: "1" },
    revision: "2026-07-28",
    timeoutMs: 5000,
    extensions: [clientTasks()],
    elicitation: { form: () => ({ action: "accept", content: { ok: true } }) },
  });
  open.unshift(client);
  await client.connect(new StreamableHttpClientTransport(http.url));
  return { client, gate };
}

describe("client tasks extension over stateless Streamable HTTP", () => {
  it("a ToolTask polls tasks/get on later POSTs until the result", async () => {
    const { client, gate } = await serve();
    const task = await client.callTool({ name: "job" }, { task: {} });
    expect(task.info.status).toBe("working");
    const outcome = task.result();
    gate.resolve({ content: [{ type: "text", text: "built" }] });
    expect(await outcome).toMatchObject({ content: [{ type: "text", text: "built" }] });
  });

  it("input the task needs goes back with tasks/update; a plain call waits for the task", async () => {
    const { client } = await serve();
    expect(await client.callTool({ name: "confirm" })).toMatchObject({
      content: [{ type: "text", text: "went: true" }],
    });
  });

  it("cancel() then result() throws LocalError('cancelled')", async () => {
    const { client } = await serve();
    const task = await client.callTool({ name: "job" }, { task: {} });
    await task.cancel();
    await expect(task.result()).rejects.toThrow(
      new LocalError("cancelled", `Task ${task.taskId} was cancelled`),
    );
  });
});
