import { HttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll } from "vitest";
import { fixtureSuite } from "./helpers/fixture-suite.js";
import { type RunningServer, startServer } from "./helpers/processes.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(["--transport", "http"]);
});
afterAll(async () => {
  await server?.stop();
});

const overHttp = async () => () => new HttpClientTransport(server.url);

fixtureSuite("Streamable HTTP", "2025-06-18", overHttp);
fixtureSuite("Streamable HTTP", "2025-11-25", overHttp);
fixtureSuite("Streamable HTTP", "2026-07-28", overHttp);
