import { describe, expect, it } from "vitest";
import {
  Connection,
  DEFAULT_MAX_BATCH_SIZE,
  McpError,
  SessionServerEra,
  StatelessServerEra,
} from "../src/index.js";
import { envelope, initializedServer, initializeRequest, serverInfo } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("JSON-RPC batches in 2025-03-26", () => {
  async function server() {
    const setup = await initializedServer("2025-03-26");
    setup.connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    setup.connection.setRequestHandler("tools/call", (params) => {
      if (params.name === "boom") throw new McpError(-32000, "boom");
      return { content: [{ type: "text", text: String(params.name) }] };
    });
    await setup.peer.drain();
    return setup;
  }

  it("answers a batch with one array of the requests' responses, in order, none for notifications", async () => {
    const { peer } = await server();
    peer.send([
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
      { jsonrpc: "2.0", id: "b", method: "tools/call", params: { name: "echo" } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "boom" } },
      { jsonrpc: "2.0", id: 4, method: "nope" },
      { jsonrpc: "2.0", id: 5, method: 7 },
    ]);
    expect(await peer.drain()).toEqual([
      [
        { jsonrpc: "2.0", id: 1, result: { tools: [] } },
        { jsonrpc: "2.0", id: "b", result: { content: [{ type: "text", text: "echo" }] } },
        { jsonrpc: "2.0", id: 3, error: { code: -32000, message: "boom" } },
        {
          jsonrpc: "2.0",
          id: 4,
          error: { code: -32601, message: "Method not found", data: { method: "nope" } },
        },
        {
          jsonrpc: "2.0",
          id: 5,
          error: { code: -32600, message: 'Invalid Request: "method" must be a string' },
        },
      ],
    ]);
  });

  it("answers nothing to a batch of notifications", async () => {
    const { peer } = await server();
    peer.send([
      { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } },
    ]);
    expect(await peer.drain()).toEqual([]);
  });

  it("answers an empty batch with one -32600 error, id null", async () => {
    const { peer } = await server();
    peer.send([]);
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: a batch must not be empty" },
      },
    ]);
  });

  it("refuses a batch over maxBatchSize (default 100) with one -32600 error, id null, running none of it", async () => {
    let calls = 0;
    const ran = () => {
      calls++;
      return { tools: [] };
    };
    const setup = await initializedServer("2025-03-26", { tools: {} });
    setup.connection.setRequestHandler("tools/list", ran);
    await setup.peer.drain();
    const requests = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }));
    setup.peer.send(requests(101));
    expect(await setup.peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: "Invalid Request: a batch of 101 messages is over the limit of 100 (maxBatchSize)",
        },
      },
    ]);
    expect(calls).toBe(0);
    // The connection serves on: a batch at the limit is answered in full.
    setup.peer.send(requests(100));
    const [answers] = (await setup.peer.drain()) as unknown[][];
    expect(answers).toHaveLength(100);
    expect(calls).toBe(100);
    expect(DEFAULT_MAX_BATCH_SIZE).toBe(100);
  });

  it("takes maxBatchSize from the connection options", async () => {
    const setup = await initializedServer("2025-03-26", { tools: {} }, { maxBatchSize: 2 });
    setup.connection.setRequestHandler("tools/list", () => ({ tools: [] }));
    await setup.peer.drain();
    setup.peer.send([
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ]);
    expect(await setup.peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: "Invalid Request: a batch of 3 messages is over the limit of 2 (maxBatchSize)",
        },
      },
    ]);
    setup.peer.send([{ jsonrpc: "2.0", id: 3, method: "tools/list" }]);
    expect(await setup.peer.drain()).toEqual([[{ jsonrpc: "2.0", id: 3, result: { tools: [] } }]]);
  });

  it("refuses a maxBatchSize that is not a positive integer", () => {
    expect(() => new Connection({ era: new SessionServerEra({ serverInfo }), maxBatchSize: 0 })).toThrow(
      new RangeError("maxBatchSize must be a positive integer (got 0)"),
    );
  });

  it("routes responses that arrive in a batch to their requests", async () => {
    const { peer, connection } = await server();
    const a = connection.request("ping");
    const b = connection.request("ping");
    const [first, second] = (await peer.drain()) as { id: number }[];
    peer.send([
      { jsonrpc: "2.0", id: second?.id, result: {} },
      { jsonrpc: "2.0", id: first?.id, error: { code: -32000, message: "busy" } },
    ]);
    await expect(b).resolves.toEqual({});
    await expect(a).rejects.toMatchObject({ code: -32000, message: "busy" });
    expect(await peer.drain()).toEqual([]);
  });
});

describe("batches outside 2025-03-26", () => {
  const batch = [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", id: 2, method: "ping" },
  ];

  it.each(["2024-11-05", "2025-06-18", "2025-11-25"] as const)(
    "are rejected in %s with one error, id null",
    async (revision) => {
      const { peer } = await initializedServer(revision);
      await peer.drain();
      peer.send(batch);
      expect(await peer.drain()).toEqual([
        {
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: `Invalid Request: JSON-RPC batches are not supported in protocol revision ${revision}`,
          },
        },
      ]);
    },
  );

  it("are rejected before initialization (initialize may not be batched)", async () => {
    const { peer } = await withRawPeer({ era: new SessionServerEra({ serverInfo }) });
    peer.send([initializeRequest("2025-03-26")]);
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message:
            "Invalid Request: JSON-RPC batches are not supported before a protocol revision is negotiated",
        },
      },
    ]);
  });

  it("are rejected in the stateless era", async () => {
    const era = new StatelessServerEra({ serverInfo });
    const { peer } = await withRawPeer({ era });
    peer.send([{ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } }]);
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: "Invalid Request: JSON-RPC batches are not supported in protocol revision 2026-07-28",
        },
      },
    ]);
  });
});
