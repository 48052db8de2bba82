/**
 * The official 1.x client's WebSocket transport (subprotocol `mcp`, one JSON-RPC message per text
 * message) against mcpkit's WebSocket server (docs/websocket.md). The official SDKs have no
 * WebSocket server, and the 1.x transport uses the global `WebSocket` (Node 22+), so on Node 20
 * the test lends it `ws`.
 */
import type { Revision } from "@mcpkit/schema";
import { type McpWebSocketServer, serveWebSocket } from "@mcpkit/transport-ws";
import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import { afterAll, beforeAll } from "vitest";
import { WebSocket } from "ws";
import { createMcpkitServer } from "../fixtures/mcpkit-server.js";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV1 } from "./support/official-clients.js";

const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
/** The 1.x client always offers 2025-11-25: one endpoint per revision, serving only it. */
const pinned = new Map<string, McpWebSocketServer>();
const globals = globalThis as { WebSocket?: unknown };
const original = globals.WebSocket;

beforeAll(async () => {
  globals.WebSocket ??= WebSocket;
  for (const revision of revisions) {
    const only = createMcpkitServer({ revisions: [revision as Revision] });
    pinned.set(revision, await serveWebSocket({ onConnection: (transport) => void only.connect(transport) }));
  }
});
afterAll(async () => {
  for (const server of pinned.values()) await server.close();
  globals.WebSocket = original;
});

defineOfficialClientSuite({
  label: "official 1.x client → mcpkit server over WebSocket",
  revisions,
  connect: (revision) => connectV1(new WebSocketClientTransport(new URL(pinned.get(revision)?.url ?? ""))),
});
