// A 2026-07-28 task's input answered (tasks/update) through another node than the one running its
// handler: the answer reaches the handler over the bus.
import { Client, tasksExtension as clientTasks } from "@mcpkit/client";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { startFleet } from "./fleet-helpers.js";
import { closedAfterEach } from "./task-helpers.js";

const open = closedAfterEach();

describe("tasks/update on a fleet (2026-07-28)", () => {
  it("answers the input of a task whose handler runs on another node", async () => {
    const size = 3;
    const fleet = await startFleet(size, (server, index) => {
      server.tool(
        { name: "confirm", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
        async (_args, ctx) => {
          const answer = await ctx.elicit({
            message: "Go?",
            requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
          });
          return {
            content: [{ type: "text", text: `went: ${String(answer.content?.ok)} (ran on node ${index})` }],
          };
        },
      );
    });
    open.push(fleet);
    let ranOn = -1;
    const updatedOn: number[] = [];
    // The round robin is steered (by requests that change nothing) so that tasks/update reaches
    // another node than the one that took the tools/call and runs the handler.
    const steered: typeof fetch = async (input, init) => {
      const body = String(init?.body ?? "");
      if (body.includes('"tasks/update"')) {
        for (let i = 0; i < size && fleet.order.length % size === ranOn; i++)
          await (await fetch(fleet.url, { method: "GET" })).text();
      }
      const response = await fetch(input, init);
      const node = fleet.order.at(-1) as number;
      if (body.includes('"tools/call"')) ranOn = node;
      if (body.includes('"tasks/update"')) updatedOn.push(node);
      return response;
    };
    const client = new Client({
      clientInfo: { name: "c", version: "1" },
      revision: "2026-07-28",
      timeoutMs: 5000,
      extensions: [clientTasks()],
      elicitation: { form: () => ({ action: "accept", content: { ok: true } }) },
    });
    open.unshift(client);
    await client.connect(new StreamableHttpClientTransport(fleet.url, { fetch: steered }));
    const task = await client.callTool({ name: "confirm", arguments: {} }, { task: {} });
    expect(await task.result()).toMatchObject({
      content: [{ type: "text", text: `went: true (ran on node ${ranOn})` }],
    });
    expect(updatedOn.length).toBeGreaterThanOrEqual(1);
    expect(updatedOn.every((node) => node !== ranOn)).toBe(true);
  });
});
