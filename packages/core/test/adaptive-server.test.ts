import { describe, expect, it } from "vitest";
import { AdaptiveServerEra, MetaKey, SessionClientEra, StatelessClientEra } from "../src/index.js";
import { clientInfo, envelope, initializeRequest, serverInfo } from "./helpers/fixtures.js";
import { linked, withRawPeer } from "./helpers/raw-peer.js";

function adaptive(options: Partial<ConstructorParameters<typeof AdaptiveServerEra>[0]> = {}) {
  return new AdaptiveServerEra({ serverInfo, capabilities: { tools: {} }, ...options });
}

describe("a server of both eras on one connection", () => {
  it("serves a session-era client through initialize", async () => {
    const era = adaptive();
    const clientEra = new SessionClientEra({ clientInfo, revision: "2025-06-18" });
    const { client, server } = await linked({ era: clientEra }, { era });
    server.setRequestHandler("tools/list", () => ({ tools: [] }));
    await expect(clientEra.initialize()).resolves.toMatchObject({ revision: "2025-06-18" });
    await expect(client.request("tools/list")).resolves.toEqual({ tools: [] });
    expect([era.era, era.decided, server.revision]).toEqual(["session", true, "2025-06-18"]);
  });

  it("serves a stateless client through its envelope", async () => {
    const era = adaptive();
    const clientEra = new StatelessClientEra({ clientInfo });
    const { client, server } = await linked({ era: clientEra }, { era });
    server.setRequestHandler("tools/list", () => ({ tools: [], ttlMs: 0, cacheScope: "private" }));
    await expect(clientEra.discover()).resolves.toMatchObject({
      supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
    });
    await expect(client.request("tools/list")).resolves.toEqual({
      tools: [],
      ttlMs: 0,
      cacheScope: "private",
      resultType: "complete",
      _meta: { [MetaKey.serverInfo]: serverInfo },
    });
    expect([era.era, era.decided]).toEqual(["stateless", true]);
  });

  it("checks a given requestState secret at construction, though the stateless era is made on first use", () => {
    expect(() => adaptive({ requestState: { secret: "short" } })).toThrow("at least 16 bytes");
    expect(() => adaptive()).not.toThrow();
  });

  it("answers ping before deciding, and lists every served version in -32022", async () => {
    const { peer } = await withRawPeer({ era: adaptive({ revisions: ["2025-11-25", "2026-07-28"] }) });
    peer.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: envelope({}, "2030-01-01") } });
    // ping answers at once, so the answers keep arrival order.
    expect(await peer.drain()).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      {
        jsonrpc: "2.0",
        id: 2,
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: { supported: ["2026-07-28", "2025-11-25"], requested: "2030-01-01" },
        },
      },
    ]);
  });

  it("keeps the era it chose: initialize after stateless requests is unknown", async () => {
    const { peer } = await withRawPeer({ era: adaptive() });
    peer.send({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
    await peer.next();
    peer.send(initializeRequest("2025-11-25", 2));
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: { code: -32601, message: "Method not found", data: { method: "initialize" } },
    });
  });

  it("asks a client that skipped both for initialize", async () => {
    const { peer } = await withRawPeer({ era: adaptive() });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32600,
        message: "Invalid Request: tools/list before initialization; the session must begin with initialize",
      },
    });
  });

  it("serves only the stateless era when told so", async () => {
    const { peer } = await withRawPeer({ era: adaptive({ revisions: ["2026-07-28"] }) });
    peer.send(initializeRequest("2025-11-25", 1));
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32601, message: "Method not found", data: { method: "initialize" } },
    });
  });
});
