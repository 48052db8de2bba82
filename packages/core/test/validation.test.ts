import { describe, expect, it } from "vitest";
import { LocalError, StatelessServerEra } from "../src/index.js";
import { envelope, initializedServer, serverInfo, sessionPair, reportingServer } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("inbound validation against the negotiated revision", () => {
  it.each(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const)(
    "checks params in %s",
    async (revision) => {
      const { peer, connection } = await initializedServer(revision, { prompts: {} });
      connection.setRequestHandler("prompts/get", () => ({ messages: [] }));
      await peer.drain();
      peer.send({ jsonrpc: "2.0", id: 1, method: "prompts/get", params: { name: "p", arguments: { a: 1 } } });
      peer.send({
        jsonrpc: "2.0",
        id: 2,
        method: "prompts/get",
        params: { name: "p", arguments: { a: "1" } },
      });
      expect(await peer.drain()).toEqual([
        {
          jsonrpc: "2.0",
          id: 1,
          error: {
            code: -32602,
            message: "Invalid params: /params/arguments/a must be string",
            data: { pointer: "/params/arguments/a", keyword: "type" },
          },
        },
        { jsonrpc: "2.0", id: 2, result: { messages: [] } },
      ]);
    },
  );

  it("follows each revision's shape: elicitation/create exists from 2025-06-18", async () => {
    for (const [revision, expected] of [
      ["2025-03-26", "Method not found"],
      ["2025-06-18", "ok"],
    ] as const) {
      const { client, server } = await sessionPair({ revision, clientCapabilities: { elicitation: {} } });
      client.setRequestHandler("elicitation/create", () => ({ action: "decline" }));
      const outcome = await server
        .request("elicitation/create", { message: "?", requestedSchema: { type: "object", properties: {} } })
        .then(
          () => "ok",
          (error: Error) => error.message,
        );
      expect([revision, outcome]).toEqual([
        revision,
        expected === "ok" ? "ok" : "elicitation/create is not part of revision 2025-03-26",
      ]);
    }
  });

  it("checks the params of 2026-07-28 requests", async () => {
    const { peer, connection } = await withRawPeer({
      era: new StatelessServerEra({ serverInfo, capabilities: { tools: {} } }),
    });
    connection.setRequestHandler("tools/call", () => ({ content: [] }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: envelope(), name: 5 } });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32602,
        message: "Invalid params: /params/name must be string",
        data: { pointer: "/params/name", keyword: "type" },
      },
    });
  });
});

describe("outbound validation (validateOutbound)", () => {
  it("rejects an invalid request locally with LocalError('invalid_outbound') and sends nothing", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    await peer.drain();
    const error = await connection
      .request("sampling/createMessage", { messages: [], maxTokens: "many" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "invalid_outbound",
      message:
        "The sampling/createMessage request does not match revision 2025-11-25: /params/maxTokens must be integer; it was not sent",
    });
    await expect(connection.notify("notifications/progress", { progressToken: 1 })).rejects.toMatchObject({
      code: "invalid_outbound",
      message:
        "The notifications/progress notification does not match revision 2025-11-25: /params/progress is required; it was not sent",
    });
    expect(await peer.drain()).toEqual([]);
  });

  it("answers -32603 instead of sending an invalid result, and reports it locally", async () => {
    const { peer, connection, reported } = await reportingServer();
    connection.setRequestHandler("tools/list", () => ({
      tools: [{ name: 5, inputSchema: { type: "object" } }],
    }));
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32603, message: "Internal error" },
    });
    expect(reported.map((e) => [e.name, (e as LocalError).code, e.message])).toEqual([
      [
        "LocalError",
        "invalid_outbound",
        "The tools/list result does not match revision 2025-11-25: /tools/0/name must be string; it was not sent",
      ],
    ]);
  });

  it("sends whatever a handler returns when outbound validation is off", async () => {
    const { peer, connection } = await initializedServer(
      "2025-11-25",
      { tools: {} },
      { validateOutbound: false },
    );
    connection.setRequestHandler("tools/list", () => ({ tools: "nonsense" }));
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 1, result: { tools: "nonsense" } });
  });
});

describe("result validation (validateResults)", () => {
  it("rejects a result that does not match the method's result definitions", async () => {
    const { client, server } = await sessionPair({ server: { validateOutbound: false } });
    server.setRequestHandler("tools/list", () => ({ tools: [{ name: 5, inputSchema: { type: "object" } }] }));
    await expect(client.request("tools/list")).rejects.toMatchObject({
      name: "LocalError",
      code: "invalid_message",
      message: "The tools/list result does not match revision 2025-11-25: /tools/0/name must be string",
    });
  });

  it("is tolerant by default", async () => {
    const { client, server } = await sessionPair({
      server: { validateOutbound: false },
      client: { validateResults: false },
    });
    server.setRequestHandler("tools/list", () => ({ tools: [], nextCursor: null }));
    await expect(client.request("tools/list")).resolves.toEqual({ tools: [], nextCursor: null });
  });
});
