import { Connection, SessionClientEra, SessionServerEra } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp, type StreamableHttpServer } from "../src/node.js";
import { withTimeout } from "./helpers.js";

let server: StreamableHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SESSIONS = 200;

describe("many sessions at once", () => {
  it(`${SESSIONS} concurrent sessions initialize, list tools, get their own answers and close`, async () => {
    const serverConnections: Connection[] = [];
    server = await serveStreamableHttp({
      onSession: async (transport) => {
        const connection = new Connection({
          era: new SessionServerEra({
            serverInfo: { name: "many", version: "1" },
            capabilities: { tools: {} },
          }),
        });
        // Each session names its one tool after itself, so a crossed answer shows.
        connection.setRequestHandler("tools/list", () => ({
          tools: [{ name: `tool-${transport.sessionId}`, inputSchema: { type: "object" } }],
        }));
        serverConnections.push(connection);
        await connection.connect(transport);
      },
    });
    const { url } = server;
    const started = Date.now();
    const outcomes = await withTimeout(
      Promise.all(
        Array.from({ length: SESSIONS }, async () => {
          const transport = new StreamableHttpClientTransport(url);
          const era = new SessionClientEra({ clientInfo: { name: "c", version: "1" } });
          const connection = new Connection({ era });
          await connection.connect(transport);
          const { revision } = await era.initialize();
          const result = (await connection.request("tools/list")) as { tools: { name: string }[] };
          const sessionId = transport.sessionId;
          await connection.close();
          return { revision, sessionId, names: result.tools.map((tool) => tool.name) };
        }),
      ),
      25_000,
      `${SESSIONS} sessions`,
    );
    const elapsed = Date.now() - started;
    expect(outcomes.every((o) => o.revision === "2025-11-25")).toBe(true);
    expect(new Set(outcomes.map((o) => o.sessionId)).size).toBe(SESSIONS);
    for (const { sessionId, names } of outcomes) expect(names).toEqual([`tool-${sessionId}`]);
    expect(serverConnections).toHaveLength(SESSIONS);
    // The clients' DELETEs ended every session on the server.
    await withTimeout(
      Promise.all(serverConnections.map((c) => c.closed)),
      5000,
      "every server session to close",
    );
    expect(server.handler.sessionCount).toBe(0);
    expect(elapsed).toBeLessThan(20_000);
  });
});
