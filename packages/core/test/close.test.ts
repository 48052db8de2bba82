import { describe, expect, it } from "vitest";
import { Connection, createInMemoryPair, LocalError, SessionServerEra } from "../src/index.js";
import { initializedServer, initializeRequest, serverInfo, sessionPair } from "./helpers/fixtures.js";
import { settle, withRawPeer } from "./helpers/raw-peer.js";

const idle = { pendingRequests: 0, inflightRequests: 0, activeTimers: 0, signalListeners: 0 };

describe("closing", () => {
  it("rejects every pending request with LocalError('connection_closed')", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/list", () => new Promise(() => {}));
    const controller = new AbortController();
    const first = client.request("tools/list");
    const second = client.request("tools/list", { cursor: "c" }, { signal: controller.signal });
    await settle();
    expect(client.diagnostics()).toEqual({
      pendingRequests: 2,
      inflightRequests: 0,
      activeTimers: 2,
      signalListeners: 1,
    });
    await client.close();
    const errors = await Promise.all([first, second].map((p) => p.catch((e: unknown) => e)));
    expect(errors.every((e) => e instanceof LocalError && e.code === "connection_closed")).toBe(true);
    expect((errors as Error[]).map((e) => e.message)).toEqual([
      "Connection closed before tools/list (id 2) was answered",
      "Connection closed before tools/list (id 3) was answered",
    ]);
    expect(client.diagnostics()).toEqual(idle);
    expect(server.diagnostics()).toEqual(idle);
  });

  it("aborts running handlers and sends nothing more", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    let reason: unknown;
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      ctx.signal.addEventListener("abort", () => (reason = ctx.signal.reason));
      return new Promise((resolve) => setTimeout(() => resolve({ tools: [] }), 5));
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await settle();
    await connection.close();
    expect(reason).toMatchObject({ code: "connection_closed" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await peer.drain()).toEqual([]);
    expect(connection.diagnostics()).toEqual(idle);
  });

  it("treats the peer hanging up the same way", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    const asked = connection.request("ping");
    peer.hangUp();
    await connection.closed;
    await expect(asked).rejects.toMatchObject({ code: "connection_closed" });
    expect(connection.isClosed).toBe(true);
  });

  it("refuses to send after close or before connect, and closes idempotently", async () => {
    const { connection } = await initializedServer("2025-11-25");
    await connection.close();
    await connection.close();
    await expect(connection.request("ping")).rejects.toMatchObject({
      code: "connection_closed",
      message: "Cannot send ping: the connection is closed",
    });
    await expect(
      connection.notify("notifications/progress", { progressToken: 1, progress: 1 }),
    ).rejects.toMatchObject({
      code: "connection_closed",
    });
    const fresh = new Connection({ era: new SessionServerEra({ serverInfo }) });
    await expect(fresh.request("ping")).rejects.toMatchObject({
      code: "connection_closed",
      message: "Cannot send ping: the connection is not connected",
    });
    const [a] = createInMemoryPair();
    await fresh.connect(a);
    await expect(fresh.connect(a)).rejects.toMatchObject({ code: "invalid_message" });
    await fresh.close();
  });

  it("an era instance serves one connection only", () => {
    const era = new SessionServerEra({ serverInfo });
    new Connection({ era });
    expect(() => new Connection({ era })).toThrow("an era instance serves exactly one connection");
  });
});

describe("misbehaving peers", () => {
  it("never take down the process or other connections", async () => {
    const bad = await withRawPeer({ era: new SessionServerEra({ serverInfo, capabilities: { tools: {} } }) });
    const good = await withRawPeer({
      era: new SessionServerEra({ serverInfo, capabilities: { tools: {} } }),
    });
    for (const { connection } of [bad, good]) {
      connection.setRequestHandler("tools/call", (params) => {
        if (params.name === "throw-string") throw "just a string";
        if (params.name === "return-nothing") return undefined as never;
        return { content: [] };
      });
    }
    bad.peer.send(initializeRequest("2025-11-25"));
    good.peer.send(initializeRequest("2025-11-25"));
    await bad.peer.drain();
    await good.peer.drain();
    const garbage: unknown[] = [
      null,
      [],
      [[]],
      "text",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "throw-string" } },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "return-nothing" } },
      { jsonrpc: "2.0", id: 3, result: {}, error: { code: 1, message: "both" } },
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "your JSON was bad" } },
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: {}, progress: "x" } },
      { __proto__: { method: "ping" } },
    ];
    for (const value of garbage) bad.peer.send(value);
    bad.peer.unreadable({ problem: "parse", detail: "bad" });
    const invalid = (message: string) => ({ jsonrpc: "2.0", id: null, error: { code: -32600, message } });
    // Invalid input is answered at once, and so are these handlers (they fail synchronously):
    // everything in arrival order.
    expect(await bad.peer.drain()).toEqual([
      invalid("Invalid Request: a message must be a JSON object"),
      invalid("Invalid Request: JSON-RPC batches are not supported in protocol revision 2025-11-25"),
      invalid("Invalid Request: JSON-RPC batches are not supported in protocol revision 2025-11-25"),
      invalid("Invalid Request: a message must be a JSON object"),
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } },
      { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "Internal error" } },
      invalid("Invalid Request: a response cannot carry both a result and an error"),
      invalid('Invalid Request: "jsonrpc" must be "2.0"'),
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: bad" } },
    ]);
    good.peer.send({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "fine" } });
    expect(await good.peer.drain()).toEqual([{ jsonrpc: "2.0", id: 9, result: { content: [] } }]);
    expect(bad.connection.isClosed).toBe(false);
  });
});
