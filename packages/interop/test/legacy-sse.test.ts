/**
 * The deprecated HTTP+SSE transport (GET /sse + POST /messages): mcpkit's client against the
 * official 1.x SSE server, and the official clients' SSE transports against mcpkit's server.
 */
import type { Revision } from "@mcpkit/schema";
import { LegacySseClientTransport } from "@mcpkit/transport-http";
import { type LegacySseServer, serveLegacySse } from "@mcpkit/transport-http/node";
import { SSEClientTransport as SseV2 } from "@modelcontextprotocol/client";
import { SSEClientTransport as SseV1 } from "@modelcontextprotocol/sdk/client/sse.js";
import { afterAll, beforeAll } from "vitest";
import { createMcpkitServer } from "../fixtures/mcpkit-server.js";
import { type RunningHttp, startOfficialV1Http } from "../fixtures/official-http.js";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV1, connectV2 } from "./support/official-clients.js";
import { defineOurClientSuite } from "./support/our-client-suite.js";

const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
let official: RunningHttp;
let all: LegacySseServer;
/** The 1.x client always offers 2025-11-25: one endpoint per revision, serving only it, makes it settle there. */
const pinned = new Map<string, LegacySseServer>();

beforeAll(async () => {
  official = await startOfficialV1Http("sse");
  const server = createMcpkitServer();
  all = await serveLegacySse({ onSession: (transport) => void server.connect(transport) });
  for (const revision of revisions) {
    const only = createMcpkitServer({ revisions: [revision as Revision] });
    pinned.set(revision, await serveLegacySse({ onSession: (transport) => void only.connect(transport) }));
  }
});
afterAll(async () => {
  await official?.close();
  await all?.close();
  for (const server of pinned.values()) await server.close();
});

defineOurClientSuite({
  label: "official 1.x server over HTTP+SSE",
  revisions,
  transport: () => () => new LegacySseClientTransport(official.url),
});

defineOfficialClientSuite({
  label: "official 2.x client → mcpkit server over HTTP+SSE",
  revisions,
  connect: (revision) => connectV2(new SseV2(new URL(all.url)), revision),
});

defineOfficialClientSuite({
  label: "official 1.x client → mcpkit server over HTTP+SSE",
  revisions,
  connect: (revision) => connectV1(new SseV1(new URL(pinned.get(revision)?.url ?? ""))),
});
