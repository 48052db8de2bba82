/** mcpkit's client against the official servers over Streamable HTTP, with and without sessions. */
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll } from "vitest";
import { type RunningHttp, startOfficialV1Http, startOfficialV2Http } from "../fixtures/official-http.js";
import { defineOurClientSuite } from "./support/our-client-suite.js";

const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
const servers: Record<string, RunningHttp> = {};

beforeAll(async () => {
  servers.v2Stateful = await startOfficialV2Http("stateful");
  servers.v2Stateless = await startOfficialV2Http("stateless");
  servers.v1Stateful = await startOfficialV1Http("stateful");
  servers.v1Stateless = await startOfficialV1Http("stateless");
});
afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
});

const over = (key: string) => () => () => new StreamableHttpClientTransport(servers[key]?.url ?? "");

defineOurClientSuite({
  label: "official 2.x server, Streamable HTTP with sessions",
  revisions,
  transport: over("v2Stateful"),
});
defineOurClientSuite({
  label: "official 1.x server, Streamable HTTP with sessions",
  revisions,
  transport: over("v1Stateful"),
});
// One server per request: nothing outlives a request, so no pushes, no server requests, no remembered level.
const stateless = { serverPush: false, serverRequests: false, sessionState: false };
defineOurClientSuite({
  label: "official 2.x server, stateless Streamable HTTP",
  revisions,
  transport: over("v2Stateless"),
  ...stateless,
});
defineOurClientSuite({
  label: "official 1.x server, stateless Streamable HTTP",
  revisions,
  transport: over("v1Stateless"),
  ...stateless,
});
