import { Client, ClientError } from "@mcpkit/client";
import { HttpClientTransport } from "@mcpkit/transport-http";
import { afterEach, expect, it } from "vitest";
import { AuthorizationDiscoveryError } from "../src/index.js";
import type { SeenRequest } from "./client-scripted-server.js";
import { type World, world } from "./client-oauth-world.js";

// The provider plugged into a real client over Streamable HTTP: the era probe must not mistake
// a 401 for "this server speaks another revision".

let current: World | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** A session-era MCP endpoint behind `Bearer at1`. */
function protectedEndpoint(w: World) {
  w.rs.route("POST /mcp", (request: SeenRequest) => {
    if (request.headers.authorization !== "Bearer at1") {
      return {
        status: 401,
        headers: {
          "www-authenticate": `Bearer error="invalid_token", resource_metadata="${w.rs.url}/.well-known/oauth-protected-resource/mcp"`,
        },
        body: { error: "invalid_token" },
      };
    }
    const message = JSON.parse(request.body) as { id?: number; method: string };
    if (message.id === undefined) return { status: 202 };
    if (message.method === "initialize") {
      return {
        body: {
          jsonrpc: "2.0",
          id: message.id,
          result: {
            protocolVersion: "2025-11-25",
            capabilities: { tools: {} },
            serverInfo: { name: "protected", version: "1" },
          },
        },
      };
    }
    if (message.method === "tools/list")
      return { body: { jsonrpc: "2.0", id: message.id, result: { tools: [] } } };
    return { body: { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } } };
  });
  w.rs.route("GET /mcp", { status: 405 });
  w.rs.route("DELETE /mcp", { status: 204 });
}

function methods(w: World): string[] {
  return w.rs.seen
    .filter((r) => r.path === "/mcp" && r.method === "POST")
    .map((r) => `${(JSON.parse(r.body) as { method?: string }).method} ${r.headers.authorization ?? "-"}`);
}

it("connects in auto mode: the probe's 401 starts the flow, then the probe and initialize carry the token", async () => {
  const w = await world();
  current = w;
  protectedEndpoint(w);
  const authProvider = w.provider();
  const client = new Client({ clientInfo: { name: "t", version: "1" } });
  await client.connect(new HttpClientTransport(w.serverUrl, { authProvider, fetch }));
  expect(await client.listTools()).toEqual([]);
  await client.close();
  expect(methods(w)).toEqual([
    "server/discover -",
    "server/discover Bearer at1",
    "initialize Bearer at1",
    "notifications/initialized Bearer at1",
    "tools/list Bearer at1",
  ]);
});

it("fails connect with the discovery error when the PRM names another resource, not a version error", async () => {
  const w = await world();
  current = w;
  protectedEndpoint(w);
  w.prm.resource = "https://evil.example.com/mcp";
  const client = new Client({ clientInfo: { name: "t", version: "1" } });
  const error = await client
    .connect(new HttpClientTransport(w.serverUrl, { authProvider: w.provider(), fetch }))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AuthorizationDiscoveryError);
  expect(error).not.toBeInstanceOf(ClientError);
  expect((error as Error).message).toBe(
    `the protected-resource metadata at ${w.rs.url}/.well-known/oauth-protected-resource/mcp is for resource https://evil.example.com/mcp, not for ${w.serverUrl}: refused`,
  );
  // Nothing went to the authorization server, and only the one probe to the MCP server.
  expect(w.as.seen).toEqual([]);
  expect(methods(w)).toEqual(["server/discover -"]);
});
