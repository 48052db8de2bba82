import type { Revision } from "@mcpkit/schema";
import {
  type Capabilities,
  type ConnectionOptions,
  MetaKey,
  SessionClientEra,
  SessionServerEra,
  StatelessClientEra,
  StatelessServerEra,
} from "../../src/index.js";
import { linked, type RawPeer, withRawPeer } from "./raw-peer.js";

export const serverInfo = { name: "test-server", version: "1.0.0" };
export const clientInfo = { name: "test-client", version: "2.0.0" };

/** A valid initialize request of a revision. */
export function initializeRequest(
  revision: string,
  id: number | string = 1,
  capabilities: Capabilities = {},
) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: revision, capabilities, clientInfo },
  };
}

/** A session server driven by a hand-written client, already initialized at `revision`. */
export async function initializedServer(
  revision: Revision,
  capabilities: Capabilities = { tools: {} },
  options: Partial<ConnectionOptions> = {},
  clientCapabilities: Capabilities = { sampling: {}, roots: { listChanged: true }, elicitation: {} },
): Promise<{
  era: SessionServerEra;
  peer: RawPeer;
  connection: Awaited<ReturnType<typeof withRawPeer>>["connection"];
}> {
  const era = new SessionServerEra({ serverInfo, capabilities });
  const { connection, peer } = await withRawPeer({ ...options, era });
  peer.send(initializeRequest(revision, "init", clientCapabilities));
  await peer.next();
  peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return { era, peer, connection };
}

/** {@link initializedServer} at 2025-11-25 with tools, collecting what the connection reports to `onError`. */
export async function reportingServer() {
  const reported: Error[] = [];
  const server = await initializedServer(
    "2025-11-25",
    { tools: {} },
    { onError: (error) => reported.push(error) },
  );
  return { ...server, reported };
}

/** A session client and server linked in memory and initialized. */
export async function sessionPair(
  options: {
    revision?: Revision;
    serverRevisions?: readonly Revision[];
    serverCapabilities?: Capabilities;
    clientCapabilities?: Capabilities;
    client?: Partial<ConnectionOptions>;
    server?: Partial<ConnectionOptions>;
  } = {},
) {
  const serverEra = new SessionServerEra({
    serverInfo,
    capabilities: options.serverCapabilities ?? { tools: {} },
    revisions: options.serverRevisions,
  });
  const clientEra = new SessionClientEra({
    clientInfo,
    capabilities: options.clientCapabilities ?? {},
    revision: options.revision,
  });
  const { client, server } = await linked(
    { ...options.client, era: clientEra },
    { ...options.server, era: serverEra },
  );
  const outcome = await clientEra.initialize();
  return { client, server, clientEra, serverEra, outcome };
}

/** A stateless client and server linked in memory. */
export async function statelessPair(
  options: {
    serverCapabilities?: Capabilities;
    clientCapabilities?: Capabilities;
    secret?: string;
    client?: Partial<ConnectionOptions>;
    server?: Partial<ConnectionOptions>;
  } = {},
) {
  const serverEra = new StatelessServerEra({
    serverInfo,
    capabilities: options.serverCapabilities ?? { tools: {} },
    requestState: { secret: options.secret ?? "a test secret of enough bytes" },
  });
  const clientEra = new StatelessClientEra({ clientInfo, capabilities: options.clientCapabilities ?? {} });
  const { client, server } = await linked(
    { ...options.client, era: clientEra },
    { ...options.server, era: serverEra },
  );
  return { client, server, clientEra, serverEra };
}

/** The `_meta` envelope a stateless request carries. */
export function envelope(capabilities: Capabilities = {}, version = "2026-07-28") {
  return {
    [MetaKey.protocolVersion]: version,
    [MetaKey.clientCapabilities]: capabilities,
    [MetaKey.clientInfo]: clientInfo,
  };
}
