import { describe, expect, it } from "vitest";
import {
  capabilitiesForRevision,
  MetaKey,
  SessionClientEra,
  SessionServerEra,
  StatelessClientEra,
  StatelessServerEra,
} from "../src/index.js";
import { clientInfo, envelope, initializeRequest, serverInfo } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("capabilitiesForRevision", () => {
  it("keeps only the members the revision's capabilities object defines", () => {
    const server = { completions: {}, tasks: { list: {} }, extensions: {}, tools: {}, acme: {} };
    // extensions ride in every revision: SEP-2133 negotiates them at initialize too.
    expect(capabilitiesForRevision("2024-11-05", "server", server)).toEqual({ extensions: {}, tools: {} });
    expect(capabilitiesForRevision("2025-11-25", "server", server)).toEqual({
      completions: {},
      tasks: { list: {} },
      extensions: {},
      tools: {},
    });
    expect(capabilitiesForRevision("2026-07-28", "server", server)).toEqual({
      completions: {},
      extensions: {},
      tools: {},
    });
  });

  it("returns the object itself when nothing is dropped (no copy per message)", () => {
    const client = { roots: {}, sampling: {} };
    expect(capabilitiesForRevision("2024-11-05", "client", client)).toBe(client);
  });
});

describe("a client never sends a capability its revision does not have", () => {
  it("session era: initialize carries only the requested revision's members", async () => {
    const era = new SessionClientEra({
      clientInfo,
      capabilities: { roots: { listChanged: true }, elicitation: {}, tasks: {} },
      revisions: ["2024-11-05"],
    });
    const { peer } = await withRawPeer({ era });
    void era.initialize().catch(() => {});
    const [initialize] = (await peer.drain()) as { params: { capabilities: unknown } }[];
    expect(initialize?.params.capabilities).toEqual({ roots: { listChanged: true } });
  });

  it("stateless era: the envelope carries only 2026-07-28 members", async () => {
    const era = new StatelessClientEra({ clientInfo, capabilities: { elicitation: {}, tasks: {} } });
    const { peer, connection } = await withRawPeer({ era });
    void connection.request("server/discover").catch(() => {});
    const [request] = (await peer.drain()) as { params: { _meta: Record<string, unknown> } }[];
    expect(request?.params._meta[MetaKey.clientCapabilities]).toEqual({ elicitation: {} });
  });
});

describe("a server era never announces a capability its revision does not have", () => {
  it("session era: the initialize result carries the negotiated revision's members", async () => {
    const era = new SessionServerEra({ serverInfo, capabilities: { tools: {}, completions: {}, tasks: {} } });
    const { peer } = await withRawPeer({ era });
    peer.send(initializeRequest("2024-11-05"));
    const [answer] = (await peer.drain()) as { result: { capabilities: unknown } }[];
    expect(answer?.result.capabilities).toEqual({ tools: {} });
  });

  it("stateless era: server/discover carries 2026-07-28 members", async () => {
    const era = new StatelessServerEra({
      serverInfo,
      capabilities: { tools: {}, tasks: {}, extensions: {} },
    });
    const { peer } = await withRawPeer({ era });
    peer.send({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
    const [answer] = (await peer.drain()) as { result: { capabilities: unknown } }[];
    expect(answer?.result.capabilities).toEqual({ tools: {}, extensions: {} });
  });
});
