import { revisions } from "@mcpkit/schema";
import { describe, expect, it } from "vitest";
import { negotiateRevision, SessionClientEra, SessionServerEra, sessionRevisions } from "../src/index.js";
import { clientInfo, initializeRequest, serverInfo, sessionPair } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("version negotiation", () => {
  it("echoes a supported requested version, else answers the newest supported", () => {
    expect(negotiateRevision("2025-03-26", sessionRevisions)).toBe("2025-03-26");
    expect(negotiateRevision("2099-01-01", sessionRevisions)).toBe("2025-11-25");
    expect(negotiateRevision(20250326, sessionRevisions)).toBe("2025-11-25");
    expect(negotiateRevision("2025-11-25", ["2024-11-05", "2025-03-26"])).toBe("2025-03-26");
  });

  it.each(sessionRevisions)("opens a session at %s end to end", async (revision) => {
    const initialized: unknown[] = [];
    const serverEra = new SessionServerEra({
      serverInfo,
      capabilities: { tools: {} },
      instructions: "Be nice.",
      onInitialized: (session) => initialized.push(session),
    });
    const clientEra = new SessionClientEra({ clientInfo, capabilities: { roots: {} }, revision });
    const { linked } = await import("./helpers/raw-peer.js");
    const { client, server } = await linked({ era: clientEra }, { era: serverEra });
    const outcome = await clientEra.initialize();
    expect(outcome).toEqual({
      revision,
      serverCapabilities: { tools: {} },
      serverInfo,
      instructions: "Be nice.",
    });
    expect(client.revision).toBe(revision);
    expect(server.revision).toBe(revision);
    await expect(client.request("ping")).resolves.toEqual({});
    expect(initialized).toEqual([{ revision, clientCapabilities: { roots: {} }, clientInfo }]);
    expect(serverEra.state).toBe("ready");
    expect(clientEra.state).toBe("ready");
  });
});

describe("session server (raw client)", () => {
  it("answers initialize with the negotiated revision, its capabilities and info", async () => {
    const era = new SessionServerEra({
      serverInfo,
      capabilities: { tools: { listChanged: true } },
      revisions: ["2024-11-05", "2025-03-26"],
    });
    const { peer } = await withRawPeer({ era });
    peer.send(initializeRequest("2025-11-25"));
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-03-26", capabilities: { tools: { listChanged: true } }, serverInfo },
    });
    expect(era.state).toBe("initializing");
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await peer.drain();
    expect(era.state).toBe("ready");
  });

  it("refuses every request but ping before initialize, and drops notifications", async () => {
    const { peer, connection } = await withRawPeer({
      era: new SessionServerEra({ serverInfo, capabilities: { tools: {} } }),
    });
    connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "ping" });
    peer.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32600,
          message:
            "Invalid Request: tools/list before initialization; the session must begin with initialize",
        },
      },
      { jsonrpc: "2.0", id: 2, result: {} },
    ]);
  });

  it("refuses a second initialize", async () => {
    const { peer } = await withRawPeer({ era: new SessionServerEra({ serverInfo }) });
    peer.send(initializeRequest("2025-06-18", 1));
    await peer.next();
    peer.send(initializeRequest("2025-06-18", 2));
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: { code: -32600, message: "Invalid Request: the session is already initialized" },
    });
  });

  it("validates initialize against the revision it will answer with", async () => {
    const { peer } = await withRawPeer({ era: new SessionServerEra({ serverInfo }) });
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {} },
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32602,
        message: "Invalid params: /params/clientInfo is required",
        data: { pointer: "/params/clientInfo", keyword: "required" },
      },
    });
  });

  it("sends no request but ping until the client confirms with notifications/initialized", async () => {
    const era = new SessionServerEra({ serverInfo });
    const { peer, connection } = await withRawPeer({ era });
    await expect(connection.request("roots/list")).rejects.toMatchObject({
      name: "LocalError",
      code: "not_initialized",
      message: "Cannot send roots/list before the client has sent notifications/initialized",
    });
    peer.send(initializeRequest("2025-11-25", 1, { roots: {} }));
    await peer.next();
    await expect(connection.request("roots/list")).rejects.toMatchObject({ code: "not_initialized" });
    const ping = connection.request("ping", undefined, { resetTimeoutOnProgress: false });
    // Requests refused locally used no id.
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 1, method: "ping" });
    peer.send({ jsonrpc: "2.0", id: 1, result: {} });
    await ping;
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await peer.drain();
    const roots = connection.request("roots/list");
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      method: "roots/list",
      params: { _meta: { progressToken: 2 } },
    });
    peer.send({ jsonrpc: "2.0", id: 2, result: { roots: [] } });
    await expect(roots).resolves.toEqual({ roots: [] });
  });
});

describe("session client (raw server)", () => {
  async function rawServer(options: ConstructorParameters<typeof SessionClientEra>[0] = { clientInfo }) {
    const era = new SessionClientEra(options);
    const { peer, connection } = await withRawPeer({ era });
    return { era, peer, connection };
  }

  it("sends initialize, then notifications/initialized", async () => {
    const { era, peer } = await rawServer({ clientInfo, capabilities: { sampling: {} } });
    const opened = era.initialize();
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: { sampling: {} },
        clientInfo,
        _meta: { progressToken: 1 },
      },
    });
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-06-18", capabilities: {}, serverInfo },
    });
    await expect(opened).resolves.toEqual({
      revision: "2025-06-18",
      serverCapabilities: {},
      serverInfo,
      instructions: undefined,
    });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", method: "notifications/initialized" });
  });

  it("rejects a version it cannot accept, clearly, and disconnects", async () => {
    const { era, peer, connection } = await rawServer({
      clientInfo,
      revisions: ["2025-06-18", "2025-11-25"],
    });
    const opened = era.initialize();
    await peer.next();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2024-11-05", capabilities: {}, serverInfo },
    });
    await expect(opened).rejects.toMatchObject({
      name: "LocalError",
      code: "version_rejected",
      message:
        'The server chose protocol version "2024-11-05", which this client does not accept (it accepts 2025-06-18, 2025-11-25); the connection was closed',
    });
    expect(connection.isClosed).toBe(true);
    expect(era.state).toBe("failed");
    expect(await peer.drain()).toEqual([]);
  });

  it("rejects an unknown version and an invalid InitializeResult", async () => {
    const first = await rawServer();
    const a = first.era.initialize();
    await first.peer.next();
    first.peer.send({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2099-01-01", capabilities: {}, serverInfo },
    });
    await expect(a).rejects.toMatchObject({ code: "version_rejected" });

    const second = await rawServer();
    const b = second.era.initialize();
    await second.peer.next();
    second.peer.send({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25", serverInfo } });
    await expect(b).rejects.toMatchObject({
      code: "invalid_message",
      message: "The InitializeResult does not match revision 2025-11-25: /capabilities is required",
    });
    expect(second.connection.isClosed).toBe(true);
  });

  it("refuses to send anything but ping before initialize completes, locally", async () => {
    const { peer, connection, era } = await rawServer();
    await expect(connection.request("tools/list")).rejects.toMatchObject({
      name: "LocalError",
      code: "not_initialized",
      message: "Cannot send tools/list before initialize has completed",
    });
    await expect(connection.notify("notifications/roots/list_changed")).rejects.toMatchObject({
      code: "not_initialized",
    });
    await expect(connection.request("initialize", {})).rejects.toMatchObject({ code: "method_unavailable" });
    const ping = connection.request("ping");
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { _meta: { progressToken: 1 } },
    });
    peer.send({ jsonrpc: "2.0", id: 1, result: {} });
    await ping;
    const opened = era.initialize();
    await expect(era.initialize()).rejects.toMatchObject({ code: "method_unavailable" });
    expect(await peer.next()).toMatchObject({ id: 2, method: "initialize" });
    peer.send({
      jsonrpc: "2.0",
      id: 2,
      result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo },
    });
    await opened;
  });

  it("answers the server's ping, even before initialize", async () => {
    const { peer } = await rawServer();
    peer.send({ jsonrpc: "2.0", id: "p", method: "ping" });
    peer.send({ jsonrpc: "2.0", id: "q", method: "roots/list" });
    // Both are answered at once (ping's handler returns its result directly): arrival order.
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: "p", result: {} },
      {
        jsonrpc: "2.0",
        id: "q",
        error: {
          code: -32600,
          message:
            "Invalid Request: roots/list before initialization; the session must begin with initialize",
        },
      },
    ]);
  });
});

describe("a session in use", () => {
  it("pings in both directions", async () => {
    const { client, server } = await sessionPair();
    await expect(client.request("ping")).resolves.toEqual({});
    await expect(server.request("ping")).resolves.toEqual({});
  });

  it("carries server-to-client requests once initialized", async () => {
    const { client, server } = await sessionPair({ clientCapabilities: { roots: {} } });
    client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///work", name: "work" }] }));
    await expect(server.request("roots/list")).resolves.toEqual({
      roots: [{ uri: "file:///work", name: "work" }],
    });
  });

  it("shuts down by closing: both sides close and pending requests reject", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("tools/list", () => new Promise(() => {}));
    const pending = client.request("tools/list");
    await client.close();
    await server.closed;
    await expect(pending).rejects.toMatchObject({ name: "LocalError", code: "connection_closed" });
    expect(server.isClosed).toBe(true);
  });

  it("knows every revision it negotiates", () => {
    expect(sessionRevisions).toEqual(revisions.filter((r) => r !== "2026-07-28"));
  });
});
