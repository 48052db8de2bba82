import { describe, expect, it } from "vitest";
import { createInMemoryPair, ErrorCode, McpError, SENT } from "../src/index.js";
import { initializedServer, reportingServer } from "./helpers/fixtures.js";

// The scripted transport records what the engine sends synchronously, so `peer.received` read right
// after `peer.send` shows what was answered in the same turn.
describe("a request is answered in the turn its handler answers in", () => {
  it("sends a result the handler returns directly before the delivery returns", async () => {
    const { connection, peer } = await initializedServer("2025-11-25");
    await peer.drain();
    connection.setRequestHandler("tools/call", () => ({ content: [] }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "now" } });
    expect(peer.received).toEqual([{ jsonrpc: "2.0", id: 1, result: { content: [] } }]);
    expect(connection.diagnostics().inflightRequests).toBe(0);
  });

  it("answers synchronous throws at once: an McpError as it is, anything else as -32603", async () => {
    const { connection, peer } = await initializedServer("2025-11-25");
    await peer.drain();
    connection.setRequestHandler("tools/call", (params) => {
      if (params.name === "mcp") throw new McpError(ErrorCode.InvalidParams, "Invalid params: no");
      throw new Error("internal detail");
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "mcp" } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "other" } });
    expect(peer.received).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params: no" } },
      { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "Internal error" } },
    ]);
  });

  it("answers a result the validator cannot read with -32603 and keeps serving", async () => {
    const { connection, peer, reported } = await reportingServer();
    await peer.drain();
    connection.setRequestHandler("tools/call", (params) => {
      if (params.name !== "trap") return { content: [] };
      return Object.defineProperty({}, "content", {
        enumerable: true,
        get() {
          throw new Error("a getter that throws");
        },
      });
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "trap" } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "fine" } });
    expect(peer.received).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } },
      { jsonrpc: "2.0", id: 2, result: { content: [] } },
    ]);
    expect(reported.map((error) => error.message)).toEqual(["a getter that throws"]);
  });

  it("sends a promised result once it settles, after answers given at once meanwhile", async () => {
    const { connection, peer } = await initializedServer("2025-11-25");
    await peer.drain();
    connection.setRequestHandler("tools/call", async (params) => ({
      content: [],
      _meta: { name: params.name },
    }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "later" } });
    expect(peer.received).toEqual([]);
    expect(connection.diagnostics().inflightRequests).toBe(1);
    peer.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 2, result: {} },
      { jsonrpc: "2.0", id: 1, result: { content: [], _meta: { name: "later" } } },
    ]);
    expect(connection.diagnostics().inflightRequests).toBe(0);
  });
});

describe("SENT", () => {
  it("is the settled promise the in-memory transport's send returns", async () => {
    const [a, b] = createInMemoryPair();
    const handlers = { onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} };
    await a.start(handlers);
    await b.start(handlers);
    expect(a.send({ jsonrpc: "2.0", method: "notifications/initialized" })).toBe(SENT);
    await expect(SENT).resolves.toBeUndefined();
    await a.close();
    await expect(a.send({ jsonrpc: "2.0", method: "notifications/initialized" })).rejects.toMatchObject({
      code: "connection_closed",
    });
  });
});
