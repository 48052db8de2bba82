/**
 * Era and revision negotiation without pins: each client's default ("auto") against each server,
 * checking where they settle and that one call works there.
 */
import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { HttpClientTransport, StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { type StreamableHttpServer, serveStreamableHttp } from "@mcpkit/transport-http/node";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpkitServer } from "../fixtures/mcpkit-server.js";
import { type RunningHttp, startOfficialV1Http, startOfficialV2Http } from "../fixtures/official-http.js";
import { fixtureClient } from "./support/our-client-suite.js";
import { fixtureCommand } from "./support/paths.js";

const servers: Record<string, RunningHttp> = {};
let ours: StreamableHttpServer;

beforeAll(async () => {
  servers.v2Modern = await startOfficialV2Http("modern");
  servers.v2Stateful = await startOfficialV2Http("stateful");
  servers.v1Stateful = await startOfficialV1Http("stateful");
  servers.v1Sse = await startOfficialV1Http("sse");
  const server = createMcpkitServer();
  ours = await serveStreamableHttp({
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
});
afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  await ours?.close();
});

describe("mcpkit client, mode auto", () => {
  const cases = [
    [
      "official 2.x server over stdio",
      "2025-11-25",
      () => new StdioClientTransport({ ...fixtureCommand("official-v2-server.ts"), stderr: "ignore" }),
    ],
    // Offering 2026-07-28 does not make the 2.x server answer server/discover on stdio (docs/interop.md).
    [
      "official 2.x server (offering 2026-07-28) over stdio",
      "2025-11-25",
      () =>
        new StdioClientTransport({
          ...fixtureCommand("official-v2-server.ts", "--modern"),
          stderr: "ignore",
        }),
    ],
    [
      "official 1.x server over stdio",
      "2025-11-25",
      () => new StdioClientTransport({ ...fixtureCommand("official-v1-server.ts"), stderr: "ignore" }),
    ],
    [
      "official 2.x createMcpHandler over HTTP",
      "2026-07-28",
      () => new StreamableHttpClientTransport(servers.v2Modern?.url ?? ""),
    ],
    [
      "official 2.x server over HTTP with sessions",
      "2025-11-25",
      () => new StreamableHttpClientTransport(servers.v2Stateful?.url ?? ""),
    ],
    [
      "official 1.x server over HTTP with sessions",
      "2025-11-25",
      () => new StreamableHttpClientTransport(servers.v1Stateful?.url ?? ""),
    ],
  ] as const;
  it.each(cases)("against the %s settles on %s", async (_label, expected, transport) => {
    const client = fixtureClient(undefined);
    try {
      await client.connect(transport);
      expect(client.revision).toBe(expected);
      expect(client.era).toBe(expected === "2026-07-28" ? "stateless" : "session");
      expect((await client.callTool({ name: "text" })).content).toEqual([{ type: "text", text: "hello" }]);
    } finally {
      await client.close();
    }
  });
});

describe("mcpkit client, mode auto, over HttpClientTransport (Streamable HTTP, falling back to HTTP+SSE)", () => {
  const cases = [
    ["official 1.x HTTP+SSE server", "2025-11-25", "v1Sse"],
    ["official 2.x createMcpHandler", "2026-07-28", "v2Modern"],
    ["official 1.x server with sessions", "2025-11-25", "v1Stateful"],
  ] as const;
  it.each(cases)("against the %s settles on %s", async (_label, expected, key) => {
    const client = fixtureClient(undefined);
    try {
      await client.connect(() => new HttpClientTransport(servers[key]?.url ?? ""));
      expect(client.revision).toBe(expected);
      expect((await client.callTool({ name: "text" })).content).toEqual([{ type: "text", text: "hello" }]);
      expect((await client.callTool({ name: "sample" })).content).toEqual([
        { type: "text", text: "fixture-model: answer to What is 2+2?" },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe("official 2.x client, versionNegotiation auto", () => {
  const cases = [
    [
      "mcpkit server over stdio",
      () => new StdioV2({ ...fixtureCommand("mcpkit-server.ts"), stderr: "ignore" }),
    ],
    ["mcpkit server over Streamable HTTP", () => new HttpV2(new URL(ours.url))],
  ] as const;
  it.each(cases)("against the %s settles on 2026-07-28", async (_label, transport) => {
    const client = new ClientV2(
      { name: "official-v2-client", version: "2.4.0" },
      { versionNegotiation: { mode: "auto" } },
    );
    try {
      await client.connect(transport());
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      const result = await client.callTool({ name: "revision" });
      expect(result.content).toEqual([{ type: "text", text: "stateless 2026-07-28" }]);
    } finally {
      await client.close();
    }
  });

  it("with its default (legacy) mode settles on 2025-11-25 with the mcpkit server", async () => {
    const client = new ClientV2({ name: "official-v2-client", version: "2.4.0" });
    try {
      await client.connect(new HttpV2(new URL(ours.url)));
      expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
      expect((await client.callTool({ name: "revision" })).content).toEqual([
        { type: "text", text: "session 2025-11-25" },
      ]);
    } finally {
      await client.close();
    }
  });
});
