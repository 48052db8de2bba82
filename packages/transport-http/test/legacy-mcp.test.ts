// @mcpkit/server and @mcpkit/client over legacy HTTP+SSE (revision 2024-11-05) on real node:http.
import { Client } from "@mcpkit/client";
import { Connection, SessionClientEra } from "@mcpkit/core";
import type { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { LegacySseClientTransport, StreamableHttpClientTransport } from "../src/index.node.js";
import { type LegacySseServer, serveHttpWithLegacySse, serveLegacySse } from "../src/node.js";
import { definition } from "./legacy-definition.js";

const clientInfo = { name: "legacy-test-client", version: "1.0.0" };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // Clients first, so servers see their sessions end before they stop.
  for (const closable of open.splice(0)) await closable.close().catch(() => {});
});

async function legacyServer(server: Server): Promise<LegacySseServer> {
  const http = await serveLegacySse({ onSession: (transport) => server.connect(transport).then(() => {}) });
  open.push(server, http);
  return http;
}

function legacyClient(): Client {
  const client = new Client({
    clientInfo,
    revision: "2024-11-05",
    roots: [{ uri: "file:///work", name: "work" }],
    sampling: () => ({ role: "assistant", content: { type: "text", text: "4" }, model: "tiny" }),
  });
  open.unshift(client);
  return client;
}

function text(result: { content: readonly unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

describe("@mcpkit/server over legacy HTTP+SSE at 2024-11-05", () => {
  it("initializes, lists and calls tools", async () => {
    const http = await legacyServer(definition());
    const client = legacyClient();
    await client.connect(new LegacySseClientTransport(http.url));
    expect(client.revision).toBe("2024-11-05");
    expect(client.serverInfo?.name).toBe("legacy-server");
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(["add", "roots", "ask-model"]);
    expect(text(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toBe("5");
    expect(http.handler.sessionCount).toBe(1);
  });

  it("carries server→client requests (roots/list, sampling) answered by the client over POST", async () => {
    const http = await legacyServer(definition());
    const client = legacyClient();
    await client.connect(new LegacySseClientTransport(http.url));
    expect(text(await client.callTool({ name: "roots" }))).toBe("file:///work");
    expect(text(await client.callTool({ name: "ask-model" }))).toBe("tiny:4");
  });

  it("serves many concurrent sessions from one definition, each getting its own answers", async () => {
    const http = await legacyServer(definition());
    const clients = Array.from({ length: 12 }, () => legacyClient());
    await Promise.all(clients.map((client) => client.connect(new LegacySseClientTransport(http.url))));
    expect(http.handler.sessionCount).toBe(12);
    const sums = await Promise.all(
      clients.flatMap((client, i) =>
        [0, 1, 2].map(async (j) =>
          text(await client.callTool({ name: "add", arguments: { a: i, b: j * 100 } })),
        ),
      ),
    );
    expect(sums).toEqual(clients.flatMap((_, i) => [0, 1, 2].map((j) => String(i + j * 100))));
    const roots = await Promise.all(
      clients.map(async (client) => text(await client.callTool({ name: "roots" }))),
    );
    expect(roots).toEqual(clients.map(() => "file:///work"));
    await Promise.all(clients.map((client) => client.close()));
    const deadline = Date.now() + 5000;
    while (http.handler.sessionCount > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(http.handler.sessionCount).toBe(0);
  });

  it("works with a bare core Connection", async () => {
    const http = await legacyServer(definition());
    const era = new SessionClientEra({ clientInfo, revisions: ["2024-11-05"] });
    const connection = new Connection({ era });
    open.unshift(connection);
    await connection.connect(new LegacySseClientTransport(http.url));
    const outcome = await era.initialize();
    expect(outcome.revision).toBe("2024-11-05");
    const result = await connection.request("tools/call", { name: "add", arguments: { a: 40, b: 2 } });
    expect(result).toMatchObject({ content: [{ type: "text", text: "42" }] });
  });
});

describe("serveHttpWithLegacySse", () => {
  it("serves Streamable HTTP on /mcp and the legacy pair on /sse from one server and one definition", async () => {
    const server = definition();
    const http = await serveHttpWithLegacySse({
      onSession: (transport) => server.connect(transport).then(() => {}),
    });
    open.push(server, http);
    expect(new URL(http.url).pathname).toBe("/mcp");
    expect(new URL(http.legacyUrl).pathname).toBe("/sse");

    const modern = new Client({ clientInfo, revision: "2025-11-25" });
    open.unshift(modern);
    await modern.connect(new StreamableHttpClientTransport(http.url));
    const old = legacyClient();
    await old.connect(new LegacySseClientTransport(http.legacyUrl));

    expect(modern.revision).toBe("2025-11-25");
    expect(old.revision).toBe("2024-11-05");
    expect(text(await modern.callTool({ name: "add", arguments: { a: 1, b: 1 } }))).toBe("2");
    expect(text(await old.callTool({ name: "add", arguments: { a: 2, b: 2 } }))).toBe("4");
    expect(http.streamable.sessionCount).toBe(1);
    expect(http.legacy.sessionCount).toBe(1);
    const elsewhere = await fetch(new URL("/other", http.url));
    expect(elsewhere.status).toBe(404);
  });
});
