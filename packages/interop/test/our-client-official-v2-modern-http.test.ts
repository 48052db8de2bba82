/**
 * mcpkit's client against the official 2.x per-request HTTP entry (`createMcpHandler`), which
 * serves 2026-07-28 and answers 2025-era clients statelessly (one server per request).
 */
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll } from "vitest";
import { type RunningHttp, startOfficialV2Http } from "../fixtures/official-http.js";
import { defineOurClientSuite } from "./support/our-client-suite.js";

let http: RunningHttp;
beforeAll(async () => {
  http = await startOfficialV2Http("modern");
});
afterAll(async () => {
  await http?.close();
});

defineOurClientSuite({
  label: "official 2.x createMcpHandler over HTTP",
  revisions: ["2026-07-28"],
  transport: () => () => new StreamableHttpClientTransport(http.url),
});

// 2025-era clients get the entry's stateless fallback: one server per request, so nothing outlives
// a request (no pushes, no server requests, no remembered log level).
defineOurClientSuite({
  label: "official 2.x createMcpHandler over HTTP (its 2025 fallback)",
  revisions: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"],
  transport: () => () => new StreamableHttpClientTransport(http.url),
  serverPush: false,
  serverRequests: false,
  sessionState: false,
});
