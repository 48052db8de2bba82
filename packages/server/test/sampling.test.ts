import { describe, expect, it } from "vitest";
import type { SampleParams } from "../src/index.js";
import { connect, newServer, plain } from "./helpers.js";

const request: SampleParams = {
  messages: [{ role: "user", content: { type: "text", text: "Weather in Oslo?" } }],
  maxTokens: 100,
  tools: [
    {
      name: "forecast",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
  toolChoice: { mode: "required" },
};

const toolUse = {
  role: "assistant",
  content: { type: "tool_use", id: "call-1", name: "forecast", input: { city: "Oslo" } },
  model: "m-1",
  stopReason: "toolUse",
};

/** A tool that samples with `params` and reports what the model answered. */
function sampler(params: SampleParams) {
  const server = newServer();
  server.tool({ name: "plan", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const answer = await ctx.sample(params);
    return { content: [{ type: "text", text: `${answer.stopReason} ${JSON.stringify(answer.content)}` }] };
  });
  return server;
}

const answered = {
  content: [
    {
      type: "text",
      text: 'toolUse {"type":"tool_use","id":"call-1","name":"forecast","input":{"city":"Oslo"}}',
    },
  ],
};

describe("ctx.sample() with tools and toolChoice", () => {
  it("2025-11-25, client declared sampling.tools: sent as given", async () => {
    const server = sampler(request);
    const client = await connect(server, "2025-11-25", { sampling: { tools: {} } });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "plan" } });
    const sent = (await client.peer.next()) as { id: number };
    // The engine numbers the server's requests from 1 and offers each a progress token.
    expect(sent).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "sampling/createMessage",
      params: {
        _meta: { progressToken: 1 },
        messages: [{ role: "user", content: { type: "text", text: "Weather in Oslo?" } }],
        maxTokens: 100,
        tools: [
          {
            name: "forecast",
            inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          },
        ],
        toolChoice: { mode: "required" },
      },
    });
    client.peer.deliver({ jsonrpc: "2.0", id: sent.id, result: toolUse });
    expect(await client.peer.next()).toEqual({ jsonrpc: "2.0", id: 1, result: answered });
    await server.close();
  });

  it.each([
    ["tools", { messages: request.messages, maxTokens: 100, tools: request.tools }],
    ["toolChoice", { messages: request.messages, maxTokens: 100, toolChoice: { mode: "none" } }],
  ] as const)(
    "2025-11-25, client without sampling.tools: a clear error, nothing on the wire (%s)",
    async (_what, params) => {
      const server = sampler(params as SampleParams);
      const client = await connect(server, "2025-11-25", { sampling: {} });
      expect(await client.result("tools/call", { name: "plan" })).toEqual({
        content: [
          {
            type: "text",
            text: 'the client did not declare the "sampling.tools" capability, so sampling/createMessage cannot be sent to it',
          },
        ],
        isError: true,
      });
      expect(await client.peer.drain()).toEqual([]);
      await server.close();
    },
  );

  it.each(["2024-11-05", "2025-03-26", "2025-06-18"] as const)(
    "not offered in %s, even to a client that claims sampling.tools",
    async (revision) => {
      const server = sampler(request);
      const client = await connect(server, revision, { sampling: { tools: {} } });
      expect(await client.result("tools/call", { name: "plan" })).toEqual({
        content: [
          {
            type: "text",
            text: `sampling with tools needs revision 2025-11-25 or later (this client speaks ${revision})`,
          },
        ],
        isError: true,
      });
      expect(await client.peer.drain()).toEqual([]);
      await server.close();
    },
  );

  it("2025-06-18: sampling without tools is still a request on the wire", async () => {
    const params = { messages: request.messages, maxTokens: 100 };
    const server = sampler(params);
    const client = await connect(server, "2025-06-18", { sampling: {} });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "plan" } });
    const sent = (await client.peer.next()) as { id: number };
    expect(sent).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "sampling/createMessage",
      params: { _meta: { progressToken: 1 }, ...params },
    });
    client.peer.deliver({
      jsonrpc: "2.0",
      id: sent.id,
      result: { role: "assistant", content: { type: "text", text: "Sunny" }, model: "m-1" },
    });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: 'undefined {"type":"text","text":"Sunny"}' }] },
    });
    await server.close();
  });

  it("2026-07-28: an input_required round carrying tools and toolChoice", async () => {
    const server = sampler(request);
    const client = await connect(server, "2026-07-28", { sampling: { tools: {} } });
    const { id, answer } = await client.request("tools/call", { name: "plan" });
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id,
      result: {
        resultType: "input_required",
        inputRequests: {
          "input-1": {
            method: "sampling/createMessage",
            params: {
              messages: [{ role: "user", content: { type: "text", text: "Weather in Oslo?" } }],
              maxTokens: 100,
              tools: [
                {
                  name: "forecast",
                  inputSchema: {
                    type: "object",
                    properties: { city: { type: "string" } },
                    required: ["city"],
                  },
                },
              ],
              toolChoice: { mode: "required" },
            },
          },
        },
        requestState: expect.any(String),
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "test-server", version: "1.0.0" } },
      },
    });
    const round1 = answer.result as Record<string, unknown>;
    const done = await client.result("tools/call", {
      name: "plan",
      requestState: round1.requestState,
      inputResponses: { "input-1": toolUse },
    });
    expect(plain(done)).toEqual(answered);
  });

  it("2026-07-28: without sampling.tools in the envelope, -32021 naming it and no round", async () => {
    const server = sampler(request);
    const client = await connect(server, "2026-07-28", { sampling: {} });
    expect(await client.error("tools/call", { name: "plan" })).toEqual({
      code: -32021,
      message: "Missing required client capability: sampling.tools",
      data: { requiredCapabilities: { sampling: { tools: {} } } },
    });
    await server.close();
  });
});
