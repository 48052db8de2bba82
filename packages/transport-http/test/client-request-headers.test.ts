import { Connection, StatelessClientEra } from "@mcpkit/core";
import { expect, it } from "vitest";
import type { HttpClientTransport, StreamableHttpClientTransport } from "../src/index.js";
import { idOf, methodOf, ScriptedServer, sendJson, closedAfterEach } from "./client-helpers.js";
import { autoTransport, clientTransport, describeEachSender } from "./senders.js";

// SendOptions.headers (what Connection.request's `headers` option becomes): the Streamable HTTP
// client transport adds them to that one POST, under the era's own headers and the hook's.

const VERSION = "2026-07-28";
const open = closedAfterEach();

async function statelessServer(): Promise<ScriptedServer> {
  const server = await ScriptedServer.start(async (arrival) => {
    const id = idOf(arrival);
    if (arrival.method !== "POST") return void arrival.res.writeHead(405).end();
    const result =
      methodOf(arrival) === "server/discover"
        ? { supportedVersions: [VERSION], capabilities: { tools: {} } }
        : { content: [] };
    sendJson(arrival.res, 200, { jsonrpc: "2.0", id, result: { resultType: "complete", ...result } });
  });
  open.push(server);
  return server;
}

async function connectOver(transport: StreamableHttpClientTransport | HttpClientTransport) {
  open.push(transport);
  const era = new StatelessClientEra({ clientInfo: { name: "t", version: "1" } });
  const connection = new Connection({ era });
  await connection.connect(transport);
  await era.discover();
  return connection;
}

describeEachSender("per-request headers", () => {
  it("go on that request's POST only, and cannot replace the era's own headers", async () => {
    const server = await statelessServer();
    const connection = await connectOver(
      clientTransport(server.url, { headers: () => ({ "mcp-param-hooked": "hook" }) }),
    );
    await connection.request(
      "tools/call",
      { name: "t", arguments: { region: "eu" } },
      { headers: { "Mcp-Param-Region": "eu", "Mcp-Method": "spoofed", "Mcp-Param-Hooked": "mine" } },
    );
    await connection.request("tools/call", { name: "t", arguments: {} });
    const calls = server.arrivals.filter((a) => methodOf(a) === "tools/call");
    expect(
      calls.map((a) => [
        a.headers["mcp-param-region"],
        a.headers["mcp-method"],
        a.headers["mcp-param-hooked"],
      ]),
    ).toEqual([
      ["eu", "tools/call", "hook"],
      [undefined, "tools/call", "hook"],
    ]);
  });

  it("pass through the auto-detecting transport", async () => {
    const server = await statelessServer();
    const connection = await connectOver(autoTransport(server.url));
    await connection.request("tools/call", { name: "t", arguments: {} }, { headers: { "Mcp-Param-X": "1" } });
    const call = server.arrivals.find((a) => methodOf(a) === "tools/call");
    expect(call?.headers["mcp-param-x"]).toBe("1");
  });
});
