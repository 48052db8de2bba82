import { WebSocketClientTransport } from "@mcpkit/transport-ws";
import { afterAll, beforeAll } from "vitest";
import { fixtureSuite } from "./helpers/fixture-suite.js";
import { type RunningServer, startServer } from "./helpers/processes.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(["--transport", "ws"]);
});
afterAll(async () => {
  await server?.stop();
});

const overWs = async () => () => new WebSocketClientTransport(server.url);

fixtureSuite("WebSocket", "2025-06-18", overWs);
fixtureSuite("WebSocket", "2025-11-25", overWs);
fixtureSuite("WebSocket", "2026-07-28", overWs);
