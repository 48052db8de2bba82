/** The official clients against mcpkit's server over Streamable HTTP: session era, and 2026-07-28 for 2.x. */
import type { Revision } from "@mcpkit/schema";
import { type StreamableHttpServer, serveStreamableHttp } from "@mcpkit/transport-http/node";
import { StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll } from "vitest";
import { createMcpkitServer } from "../fixtures/mcpkit-server.js";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV1, connectV2 } from "./support/official-clients.js";

const revisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
let all: StreamableHttpServer;
/** The same server answering each POST with one JSON body instead of an SSE stream. */
let json: StreamableHttpServer;
/** The 1.x client always offers 2025-11-25: one endpoint per revision, serving only it, makes it settle there. */
const pinned = new Map<string, StreamableHttpServer>();

beforeAll(async () => {
  const server = createMcpkitServer();
  all = await serveStreamableHttp({
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
  json = await serveStreamableHttp({
    jsonResponse: true,
    onSession: (transport) => void server.connect(transport),
  });
  for (const revision of revisions) {
    const only = createMcpkitServer({ revisions: [revision as Revision] });
    pinned.set(
      revision,
      await serveStreamableHttp({ onSession: (transport) => void only.connect(transport) }),
    );
  }
});
afterAll(async () => {
  await all?.close();
  await json?.close();
  for (const server of pinned.values()) await server.close();
});

defineOfficialClientSuite({
  label: "official 2.x client → mcpkit server over Streamable HTTP",
  revisions: [...revisions, "2026-07-28"],
  connect: (revision) => connectV2(new HttpV2(new URL(all.url)), revision),
});

defineOfficialClientSuite({
  label: "official 1.x client → mcpkit server over Streamable HTTP",
  revisions,
  connect: (revision) => connectV1(new HttpV1(new URL(pinned.get(revision)?.url ?? ""))),
});

defineOfficialClientSuite({
  label: "official 2.x client → mcpkit server over Streamable HTTP answering with JSON",
  revisions,
  connect: (revision) => connectV2(new HttpV2(new URL(json.url)), revision),
});
