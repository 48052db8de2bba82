// `Client.discover()` returns the server's cache hints as it sent them, and none when it sent none.
import { MetaKey } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Client } from "../src/index.js";
import { ScriptedTransport } from "./helpers/raw-peer.js";
import { clientInfo, serverInfo } from "./helpers/servers.js";
import { connect, newServer } from "./server/setup.js";

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

/** A 2026-07-28 server that answers server/discover with `extra` merged into its result. */
function discoverServer(extra: Record<string, unknown>): ScriptedTransport {
  return new ScriptedTransport((message, peer) => {
    if (message.method !== "server/discover") return;
    peer.reply(message, {
      resultType: "complete",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
      _meta: { [MetaKey.serverInfo]: serverInfo },
      ...extra,
    });
  });
}

async function discovered(extra: Record<string, unknown>) {
  const client = new Client({ clientInfo, revision: "2026-07-28" });
  clients.push(client);
  await client.connect(discoverServer(extra));
  return client.discover();
}

describe("Client.discover() cache hints", () => {
  it("are the server's, as received", async () => {
    expect(await discovered({ ttlMs: 3_600_000, cacheScope: "public" })).toEqual({
      resultType: "complete",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
      ttlMs: 3_600_000,
      cacheScope: "public",
    });
    expect(await discovered({ ttlMs: 0, cacheScope: "private" })).toMatchObject({
      ttlMs: 0,
      cacheScope: "private",
    });
  });

  it("are absent when the server sent none (nothing made up)", async () => {
    const result = await discovered({});
    expect(result).toEqual({
      resultType: "complete",
      supportedVersions: ["2026-07-28"],
      capabilities: { tools: {} },
    });
    expect("ttlMs" in result || "cacheScope" in result).toBe(false);
  });

  it("are left out when malformed, each on its own", async () => {
    const result = await discovered({ ttlMs: "soon", cacheScope: "public" });
    expect(result).not.toHaveProperty("ttlMs");
    expect(result.cacheScope).toBe("public");
    expect(await discovered({ ttlMs: 5, cacheScope: "everyone" })).not.toHaveProperty("cacheScope");
  });

  it("are what @mcpkit/server's `cache.discover` option says", async () => {
    const server = newServer({ cache: { discover: { ttlMs: 120_000, cacheScope: "private" } } });
    const client = await connect(server, "2026-07-28");
    expect(await client.discover()).toMatchObject({ ttlMs: 120_000, cacheScope: "private" });
  });
});
