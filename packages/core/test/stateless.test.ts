import { describe, expect, it } from "vitest";
import { MetaKey, StatelessClientEra, StatelessServerEra } from "../src/index.js";
import { clientInfo, envelope, serverInfo, statelessPair } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

const served = { [MetaKey.serverInfo]: serverInfo };

async function rawClient(options: Partial<ConstructorParameters<typeof StatelessServerEra>[0]> = {}) {
  const era = new StatelessServerEra({ serverInfo, capabilities: { tools: {} }, ...options });
  return withRawPeer({ era });
}

describe("stateless client", () => {
  it("puts the envelope in every request's _meta", async () => {
    const era = new StatelessClientEra({ clientInfo, capabilities: { elicitation: {} } });
    const { peer, connection } = await withRawPeer({ era });
    const listed = connection.request("tools/list", { cursor: "c1" }, { meta: { custom: 1 } });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: {
        cursor: "c1",
        _meta: {
          custom: 1,
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
          "io.modelcontextprotocol/clientInfo": clientInfo,
          progressToken: 1,
        },
      },
    });
    // An older server leaves resultType out: that means complete.
    peer.send({ jsonrpc: "2.0", id: 1, result: { tools: [], ttlMs: 0, cacheScope: "private" } });
    await expect(listed).resolves.toEqual({
      tools: [],
      ttlMs: 0,
      cacheScope: "private",
      resultType: "complete",
    });
  });

  it("has no ping, and refuses requests from the server", async () => {
    const { peer, connection } = await withRawPeer({ era: new StatelessClientEra({ clientInfo }) });
    await expect(connection.request("ping")).rejects.toMatchObject({
      code: "method_unavailable",
      message: "ping is not part of revision 2026-07-28",
    });
    peer.send({
      jsonrpc: "2.0",
      id: 9,
      method: "elicitation/create",
      params: { message: "?", requestedSchema: { type: "object", properties: {} } },
    });
    peer.send({ jsonrpc: "2.0", id: 10, method: "ping" });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 9,
        error: { code: -32601, message: "Method not found", data: { method: "elicitation/create" } },
      },
      {
        jsonrpc: "2.0",
        id: 10,
        error: { code: -32601, message: "Method not found", data: { method: "ping" } },
      },
    ]);
  });

  it("rejects a server that does not list its revision", async () => {
    const era = new StatelessClientEra({ clientInfo });
    const { peer } = await withRawPeer({ era });
    const found = era.discover();
    await peer.next();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "complete",
        supportedVersions: ["2025-11-25"],
        capabilities: {},
        ttlMs: 0,
        cacheScope: "public",
      },
    });
    await expect(found).rejects.toMatchObject({
      name: "LocalError",
      code: "version_rejected",
      message: "The server supports 2025-11-25, not 2026-07-28",
    });
    const again = era.discover();
    await peer.next();
    peer.send({
      jsonrpc: "2.0",
      id: 2,
      error: {
        code: -32022,
        message: "Unsupported protocol version",
        data: { supported: ["2025-11-25"], requested: "2026-07-28" },
      },
    });
    await expect(again).rejects.toMatchObject({
      code: "version_rejected",
      message: "The server does not support protocol version 2026-07-28",
    });
  });
});

describe("stateless server", () => {
  it("answers server/discover with versions, capabilities, instructions and cache hints", async () => {
    const { peer } = await rawClient({
      instructions: "Use tools.",
      discoverCache: { ttlMs: 5000, cacheScope: "private" },
    });
    peer.send({ jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: envelope() } });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: "d",
      result: {
        resultType: "complete",
        supportedVersions: ["2026-07-28"],
        capabilities: { tools: {} },
        instructions: "Use tools.",
        ttlMs: 5000,
        cacheScope: "private",
        _meta: served,
      },
    });
  });

  it("answers an unsupported version with -32022, listing what it supports", async () => {
    const { peer } = await rawClient();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope({}, "2099-01-01") } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: envelope({}, "2025-11-25") } });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: { supported: ["2026-07-28"], requested: "2099-01-01" },
        },
      },
      {
        jsonrpc: "2.0",
        id: 2,
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: { supported: ["2026-07-28"], requested: "2025-11-25" },
        },
      },
    ]);
  });

  it("answers a request without its envelope with -32602 naming what is missing", async () => {
    const { peer, connection } = await rawClient();
    connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    peer.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/list",
      params: { _meta: { [MetaKey.protocolVersion]: "2026-07-28" } },
    });
    const missing = (pointer: string) => ({
      code: -32602,
      message: `Invalid params: ${pointer} is required`,
      data: { pointer, keyword: "required" },
    });
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 1, error: missing("/params") },
      { jsonrpc: "2.0", id: 2, error: missing("/params/_meta") },
      { jsonrpc: "2.0", id: 3, error: missing("/params/_meta/io.modelcontextprotocol~1clientCapabilities") },
    ]);
  });

  it("fills in resultType and its server info on every result", async () => {
    const { peer, connection } = await rawClient();
    connection.setRequestHandler("tools/list", () => ({
      tools: [],
      ttlMs: 0,
      cacheScope: "private",
      _meta: { trace: "t" },
    }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope() } });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        tools: [],
        ttlMs: 0,
        cacheScope: "private",
        resultType: "complete",
        _meta: { ...served, trace: "t" },
      },
    });
  });

  it("has no ping, no initialize, and sends no requests", async () => {
    const { peer, connection } = await rawClient();
    peer.send({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: envelope() } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "initialize", params: { _meta: envelope() } });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32601, message: "Method not found", data: { method: "ping" } },
      },
      {
        jsonrpc: "2.0",
        id: 2,
        error: { code: -32601, message: "Method not found", data: { method: "initialize" } },
      },
    ]);
    await expect(connection.request("elicitation/create", {})).rejects.toMatchObject({
      code: "method_unavailable",
      message:
        "a stateless-era server sends no requests (elicitation/create): return an input_required result instead",
    });
  });

  it("hands the envelope's client capabilities and info to handlers", async () => {
    const { peer, connection } = await rawClient();
    let seen: unknown;
    connection.setRequestHandler("tools/call", (_params, ctx) => {
      seen = { peer: ctx.peer, era: ctx.era, revision: ctx.revision };
      return { content: [] };
    });
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: envelope({ roots: {} }), name: "t" },
    });
    await peer.next();
    expect(seen).toEqual({
      peer: { capabilities: { roots: {} }, info: clientInfo },
      era: "stateless",
      revision: "2026-07-28",
    });
  });
});

describe("stateless client and server together", () => {
  it("discovers, then gates requests on the server's capabilities", async () => {
    const { client, clientEra, server } = await statelessPair({ serverCapabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools: [], ttlMs: 0, cacheScope: "private" }));
    await expect(clientEra.discover()).resolves.toEqual({
      revision: "2026-07-28",
      supportedVersions: ["2026-07-28"],
      serverCapabilities: { tools: {} },
      serverInfo,
      instructions: undefined,
      ttlMs: 60_000,
      cacheScope: "public",
    });
    await expect(client.request("tools/list")).resolves.toEqual({
      tools: [],
      ttlMs: 0,
      cacheScope: "private",
      resultType: "complete",
      _meta: served,
    });
    await expect(client.request("prompts/list")).rejects.toMatchObject({ code: "capability_missing" });
  });
});

describe("stateless answers match the 2026-07-28 schema's own definitions", () => {
  it("for discover, -32022, -32021 and input_required", async () => {
    const { validate } = await import("@mcpkit/schema");
    const { peer, connection } = await rawClient();
    connection.setRequestHandler("tools/call", (_params, ctx) =>
      (ctx.input as NonNullable<typeof ctx.input>).inputRequired(
        {
          q: {
            method: "elicitation/create",
            params: { message: "?", requestedSchema: { type: "object", properties: {} } },
          },
        },
        { s: 1 },
      ),
    );
    peer.send({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: envelope({}, "1900-01-01") } });
    peer.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { _meta: envelope({}), name: "t" } });
    peer.send({
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { _meta: envelope({ elicitation: {} }), name: "t" },
    });
    // Sealing uses crypto.subtle, which may take longer than a few turns: wait for each answer.
    const answers: { id: number; result?: unknown }[] = [];
    for (let i = 0; i < 4; i++) answers.push((await peer.next()) as { id: number });
    const [discover, unsupported, missing, inputRequired] = [1, 2, 3, 4].map((id) =>
      answers.find((a) => a.id === id),
    );
    expect(validate("2026-07-28", "DiscoverResultResponse", discover)).toEqual({ ok: true });
    expect(validate("2026-07-28", "UnsupportedProtocolVersionError", unsupported)).toEqual({ ok: true });
    expect(validate("2026-07-28", "MissingRequiredClientCapabilityError", missing)).toEqual({ ok: true });
    expect(validate("2026-07-28", "CallToolResultResponse", inputRequired)).toEqual({ ok: true });
    expect(validate("2026-07-28", "InputRequiredResult", inputRequired?.result)).toEqual({ ok: true });
  });
});
