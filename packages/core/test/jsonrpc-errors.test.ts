import { describe, expect, it } from "vitest";
import { Connection, LocalError, McpError, SessionServerEra } from "../src/index.js";
import { initializedServer, initializeRequest, serverInfo, reportingServer } from "./helpers/fixtures.js";
import { RawPeer, ScriptedTransport } from "./helpers/raw-peer.js";

describe("JSON-RPC error answers (raw client against a session server)", () => {
  it("answers unparseable input with -32700 and id null, and keeps going", async () => {
    const { peer } = await initializedServer("2025-11-25");
    peer.unreadable({ problem: "parse", detail: "Unexpected token } in JSON at position 7" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error: Unexpected token } in JSON at position 7" },
    });
    peer.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("answers a too-large frame with -32600 and id null, and keeps going", async () => {
    const { peer } = await initializedServer("2025-11-25");
    peer.unreadable({ problem: "too_large", detail: "5000001 bytes exceeds the 5000000-byte limit" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: "Invalid Request: message too large: 5000001 bytes exceeds the 5000000-byte limit",
      },
    });
    peer.send({ jsonrpc: "2.0", id: 3, method: "ping" });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 3, result: {} });
  });

  it("answers values that are not JSON-RPC with -32600, with the id when it can be read", async () => {
    const { peer } = await initializedServer("2025-11-25");
    peer.send(42);
    peer.send({ jsonrpc: "1.0", id: 7, method: "ping" });
    peer.send({ jsonrpc: "2.0", id: "s", method: 5 });
    peer.send({ jsonrpc: "2.0", id: { nested: true }, method: "ping" });
    peer.send({ jsonrpc: "2.0", id: 8, method: "ping", params: [1, 2] });
    peer.send({ jsonrpc: "2.0" });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: a message must be a JSON object" },
      },
      { jsonrpc: "2.0", id: 7, error: { code: -32600, message: 'Invalid Request: "jsonrpc" must be "2.0"' } },
      {
        jsonrpc: "2.0",
        id: "s",
        error: { code: -32600, message: 'Invalid Request: "method" must be a string' },
      },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: 'Invalid Request: "id" must be a string or a number' },
      },
      {
        jsonrpc: "2.0",
        id: 8,
        error: { code: -32600, message: 'Invalid Request: "params" must be an object' },
      },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: a message needs a method, a result or an error" },
      },
    ]);
  });

  it("answers an unknown method with -32601 naming it", async () => {
    const { peer } = await initializedServer("2025-11-25");
    peer.send({ jsonrpc: "2.0", id: 1, method: "no/such/method" });
    // A method of another revision is unknown here too.
    peer.send({ jsonrpc: "2.0", id: 2, method: "server/discover", params: {} });
    // Known to the revision, but this side has no handler for it.
    peer.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32601, message: "Method not found", data: { method: "no/such/method" } },
      },
      {
        jsonrpc: "2.0",
        id: 2,
        error: { code: -32601, message: "Method not found", data: { method: "server/discover" } },
      },
      {
        jsonrpc: "2.0",
        id: 3,
        error: { code: -32601, message: "Method not found", data: { method: "tools/list" } },
      },
    ]);
  });

  it("answers a method the peer does not send (wrong direction) with -32601", async () => {
    const { peer } = await initializedServer("2025-11-25", { tools: {} });
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "sampling/createMessage",
      params: { messages: [], maxTokens: 1 },
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32601, message: "Method not found", data: { method: "sampling/createMessage" } },
    });
  });

  it("answers invalid params with -32602 and the validation path in data", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    connection.setRequestHandler("tools/call", () => ({ content: [] }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 5 } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { arguments: {} } });
    peer.send({ jsonrpc: "2.0", id: 3, method: "tools/call" });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32602,
          message: "Invalid params: /params/name must be string",
          data: { pointer: "/params/name", keyword: "type" },
        },
      },
      {
        jsonrpc: "2.0",
        id: 2,
        error: {
          code: -32602,
          message: "Invalid params: /params/name is required",
          data: { pointer: "/params/name", keyword: "required" },
        },
      },
      {
        jsonrpc: "2.0",
        id: 3,
        error: {
          code: -32602,
          message: "Invalid params: /params is required",
          data: { pointer: "/params", keyword: "required" },
        },
      },
    ]);
  });

  it("answers a handler crash with -32603 and no internals; reports the crash locally", async () => {
    const { peer, connection, reported } = await reportingServer();
    connection.setRequestHandler("tools/list", () => {
      throw new Error("database password is hunter2");
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const answer = await peer.next();
    expect(answer).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } });
    expect(JSON.stringify(answer)).not.toContain("hunter2");
    expect(reported.map((e) => e.message)).toEqual(["database password is hunter2"]);
  });

  it("lets a handler choose its error with McpError", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    connection.setRequestHandler("tools/call", async () => {
      throw new McpError(-32602, "Unknown tool: nope", { tool: "nope" });
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope" } });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32602, message: "Unknown tool: nope", data: { tool: "nope" } },
    });
  });

  it("never answers a notification, even a bad or unknown one, and reports them locally", async () => {
    const { peer, connection, reported } = await reportingServer();
    connection.setNotificationHandler("notifications/roots/list_changed", () => {
      throw new Error("handler failed");
    });
    peer.send({ jsonrpc: "2.0", method: "no/such/notification" });
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: { bad: true } } });
    peer.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
    peer.send({ jsonrpc: "2.0", method: "tools/list" }); // a request method sent as a notification
    expect(await peer.drain()).toEqual([]);
    expect(reported.map((e) => e.message)).toEqual([
      "Method not found",
      "Invalid params: /params/requestId must be string,integer",
      "handler failed",
      "Method not found",
    ]);
  });

  it("answers with a result or an error, never both", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    connection.setRequestHandler("tools/call", () => {
      throw new McpError(-32000, "nope");
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "x" } });
    const answers = (await peer.drain()) as Record<string, unknown>[];
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect("result" in answer !== "error" in answer).toBe(true);
  });

  it("refuses a request whose id is already in flight", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let release!: () => void;
    connection.setRequestHandler(
      "tools/list",
      () => new Promise((resolve) => (release = () => resolve({ tools: [] }))),
    );
    peer.send({ jsonrpc: "2.0", id: 5, method: "tools/list" });
    peer.send({ jsonrpc: "2.0", id: 5, method: "tools/list" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 5,
      error: { code: -32600, message: "Invalid Request: request id 5 is already in use" },
    });
    release();
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 5, result: { tools: [] } });
  });

  it("answers a malformed response with id null and fails the request it claimed to answer", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const asked = connection.request("ping");
    const sent = (await peer.next()) as { id: number };
    peer.send({ jsonrpc: "2.0", id: sent.id, result: "not an object" });
    await expect(asked).rejects.toMatchObject({
      name: "LocalError",
      code: "invalid_message",
      message: 'The answer to ping is not valid JSON-RPC: "result" must be an object',
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: 'Invalid Request: "result" must be an object' },
    });
  });

  it("ignores responses to ids it never used", async () => {
    const { peer, reported } = await reportingServer();
    peer.send({ jsonrpc: "2.0", id: 999, result: {} });
    peer.send({ jsonrpc: "2.0", id: "x", error: { code: -1, message: "?" } });
    expect(await peer.drain()).toEqual([]);
    expect(reported.map((e) => e.message)).toEqual([
      "Received an answer to unknown request id 999",
      'Received an answer to unknown request id "x"',
    ]);
  });

  it("ignores late answers to its own requests silently", async () => {
    const { peer, connection, reported } = await reportingServer();
    const controller = new AbortController();
    const asked = connection.request("ping", undefined, { signal: controller.signal });
    const sent = (await peer.next()) as { id: number };
    controller.abort("changed my mind");
    await expect(asked).rejects.toMatchObject({ code: "cancelled" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: sent.id, reason: "changed my mind" },
    });
    peer.send({ jsonrpc: "2.0", id: sent.id, result: {} });
    expect(await peer.drain()).toEqual([]);
    expect(reported).toEqual([]);
  });

  it("answers -32603 when the transport cannot carry a result, and keeps going", async () => {
    const reported: Error[] = [];
    const transport = new ScriptedTransport();
    const peer = new RawPeer(transport);
    const original = transport.send.bind(transport);
    // A transport with a size limit, as stdio and HTTP have.
    transport.send = async (payload) => {
      if (JSON.stringify(payload).length > 200) throw new LocalError("message_too_large", "over 200 bytes");
      return original(payload);
    };
    const connection = new Connection({
      era: new SessionServerEra({ serverInfo, capabilities: { tools: {} } }),
      onError: (e) => reported.push(e),
    });
    await connection.connect(transport);
    connection.setRequestHandler("tools/list", (params) => ({
      tools: [],
      nextCursor: String(params.cursor).repeat(100),
    }));
    peer.send(initializeRequest("2025-11-25", 1));
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: "xx" } });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 2,
        error: { code: -32603, message: "Internal error: the result could not be sent" },
      },
    ]);
    expect(reported.map((e) => e.message)).toEqual(["over 200 bytes"]);
    peer.send({ jsonrpc: "2.0", id: 3, method: "ping" });
    expect(await peer.drain()).toEqual([{ jsonrpc: "2.0", id: 3, result: {} }]);
  });
});
