import {
  AdaptiveServerEra,
  Connection,
  SessionClientEra,
  SessionServerEra,
  StatelessClientEra,
  StatelessServerEra,
} from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { type McpWebSocketServer, WebSocketClientTransport, serveWebSocket } from "../src/index.js";

const serverInfo = { name: "ws-test", version: "1.0.0" };
const clientInfo = { name: "ws-client", version: "1.0.0" };
const servers: McpWebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server with one engine per connection, all from one definition, answering tools/list. */
async function serveEngines(era: () => SessionServerEra | StatelessServerEra | AdaptiveServerEra) {
  const engines: Connection[] = [];
  const server = await serveWebSocket({
    port: 0,
    onConnection: async (transport) => {
      const engine = new Connection({ era: era() });
      engine.setRequestHandler("tools/list", (_params, ctx) => ({
        tools: [
          { name: `seen-by-${ctx.context.headers?.["x-client"] ?? "?"}`, inputSchema: { type: "object" } },
        ],
      }));
      engines.push(engine);
      await engine.connect(transport);
    },
  });
  servers.push(server);
  return { server, engines };
}

describe("eras over WebSocket", () => {
  it("session era: one session per connection, starting with initialize", async () => {
    const { server, engines } = await serveEngines(
      () => new SessionServerEra({ serverInfo, capabilities: { tools: {} } }),
    );
    const sessions = [];
    for (const name of ["one", "two"]) {
      const era = new SessionClientEra({ clientInfo });
      const client = new Connection({ era });
      await client.connect(new WebSocketClientTransport(server.url, { headers: { "X-Client": name } }));
      const { revision } = await era.initialize();
      sessions.push({ client, revision, list: await client.request("tools/list") });
    }
    expect(sessions.map((s) => s.revision)).toEqual(["2025-11-25", "2025-11-25"]);
    expect(sessions.map((s) => s.list)).toEqual([
      { tools: [{ name: "seen-by-one", inputSchema: { type: "object" } }] },
      { tools: [{ name: "seen-by-two", inputSchema: { type: "object" } }] },
    ]);
    expect(engines).toHaveLength(2);
    expect(server.connections).toBe(2);
    await Promise.all(sessions.map((s) => s.client.close()));
  });

  it("session era: a request before initialize is refused and the connection stays open", async () => {
    const { server } = await serveEngines(
      () => new SessionServerEra({ serverInfo, capabilities: { tools: {} } }),
    );
    // A bare transport: the client era would refuse to send this before initialize.
    const answers: unknown[] = [];
    const raw = new WebSocketClientTransport(server.url);
    await raw.start({ onMessage: (value) => answers.push(value), onUnreadable: () => {}, onClose: () => {} });
    await raw.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    await raw.close();
  });

  it("stateless era: each request carries its envelope; discover then list", async () => {
    const { server } = await serveEngines(
      () => new StatelessServerEra({ serverInfo, capabilities: { tools: {} } }),
    );
    const era = new StatelessClientEra({ clientInfo });
    const client = new Connection({ era });
    await client.connect(new WebSocketClientTransport(server.url, { headers: { "X-Client": "sl" } }));
    const discovered = await era.discover();
    expect(discovered.revision).toBe("2026-07-28");
    const list = await client.request("tools/list");
    expect(list).toMatchObject({ tools: [{ name: "seen-by-sl" }], resultType: "complete" });
    await client.close();
  });

  it("an adaptive server lets each connection's first decisive request pick its era", async () => {
    const { server } = await serveEngines(
      () => new AdaptiveServerEra({ serverInfo, capabilities: { tools: {} } }),
    );
    const sessionEra = new SessionClientEra({ clientInfo });
    const sessionClient = new Connection({ era: sessionEra });
    await sessionClient.connect(new WebSocketClientTransport(server.url));
    const statelessEra = new StatelessClientEra({ clientInfo });
    const statelessClient = new Connection({ era: statelessEra });
    await statelessClient.connect(new WebSocketClientTransport(server.url));
    const [initialized, discovered] = await Promise.all([sessionEra.initialize(), statelessEra.discover()]);
    expect(initialized.revision).toBe("2025-11-25");
    expect(discovered.revision).toBe("2026-07-28");
    await Promise.all([sessionClient.close(), statelessClient.close()]);
  });
});
