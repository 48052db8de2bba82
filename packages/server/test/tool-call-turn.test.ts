import { describe, expect, it } from "vitest";
import { connect, newServer } from "./helpers.js";

// RawPeer records what the server sends synchronously: `peer.received` read right after `deliver`
// shows what was answered in the same turn.
function echoServer() {
  const server = newServer();
  const input = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  const output = { type: "object", properties: { length: { type: "number" } }, required: ["length"] };
  server.tool({ name: "now", inputSchema: input }, ({ text }) => ({
    content: [{ type: "text", text: String(text) }],
  }));
  server.tool({ name: "later", inputSchema: input }, async ({ text }) => ({
    content: [{ type: "text", text: String(text) }],
  }));
  server.tool({ name: "throws", inputSchema: input }, () => {
    throw new Error("no luck");
  });
  server.tool({ name: "measured", inputSchema: input, outputSchema: output }, ({ text }) => ({
    content: [],
    structuredContent: { length: text === "bad" ? "many" : String(text).length },
  }));
  return server;
}

const call = (id: number, name: string, text: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: { text } },
});

describe("tools/call answers in the turn the tool does", () => {
  it("answers a tool that returns directly, a throwing tool and bad arguments before the delivery returns", async () => {
    const { peer } = await connect(echoServer(), "2025-11-25");
    peer.deliver(call(1, "now", "hi"));
    peer.deliver(call(2, "throws", "hi"));
    peer.deliver(call(3, "now", 42));
    peer.deliver(call(4, "measured", "four"));
    expect(peer.received).toEqual([
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hi" }] } },
      { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "no luck" }], isError: true } },
      {
        jsonrpc: "2.0",
        id: 3,
        result: {
          content: [{ type: "text", text: "Invalid arguments for tool now: /text must be string" }],
          isError: true,
        },
      },
      {
        jsonrpc: "2.0",
        id: 4,
        result: { content: [{ type: "text", text: '{"length":4}' }], structuredContent: { length: 4 } },
      },
    ]);
  });

  it("checks the output schema of a tool that returns directly, at once", async () => {
    const { peer } = await connect(echoServer(), "2025-11-25");
    peer.deliver(call(1, "measured", "bad"));
    expect(peer.received).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        result: {
          content: [
            {
              type: "text",
              text: "Tool measured returned structured content that does not match its output schema: /length must be number",
            },
          ],
          isError: true,
        },
      },
    ]);
  });

  it("answers a tool that returns a promise once it settles, after answers given at once", async () => {
    const { peer } = await connect(echoServer(), "2025-11-25");
    peer.deliver(call(1, "later", "soon"));
    expect(peer.received).toEqual([]);
    peer.deliver(call(2, "now", "first"));
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "first" }] } },
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "soon" }] } },
    ]);
  });
});
