import { describe, expect, it } from "vitest";
import { clientInfo, connect, newServer, RawPeer, sessionRevisions } from "./helpers.js";

const instructions = "Call forecast before plan; cities are English names.";

function server(withInstructions: boolean) {
  const s = newServer(withInstructions ? { instructions, logging: false } : { logging: false });
  s.tool({ name: "forecast", inputSchema: { type: "object" } }, () => ({ content: [] }));
  return s;
}

describe("instructions", () => {
  it.each(sessionRevisions)("are in the initialize result (%s)", async (revision) => {
    const s = server(true);
    const peer = new RawPeer();
    await s.connect(peer);
    expect(
      await peer.call(1, "initialize", { protocolVersion: revision, capabilities: {}, clientInfo }),
    ).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        protocolVersion: revision,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "test-server", version: "1.0.0" },
        instructions,
      },
    });
    await s.close();
  });

  it("are left out of initialize when there are none", async () => {
    const s = server(false);
    const peer = new RawPeer();
    await s.connect(peer);
    expect(
      await peer.call(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo }),
    ).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        protocolVersion: "2025-11-25",
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "test-server", version: "1.0.0" },
      },
    });
    await s.close();
  });

  it.each([true, false])("server/discover (2026-07-28), instructions given: %s", async (given) => {
    const s = server(given);
    const client = await connect(s, "2026-07-28");
    const { id, answer } = await client.request("server/discover");
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id,
      result: {
        supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
        capabilities: { tools: { listChanged: true } },
        ...(given ? { instructions } : {}),
        ttlMs: 60_000,
        cacheScope: "public",
        resultType: "complete",
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "test-server", version: "1.0.0" } },
      },
    });
    await s.close();
  });
});
