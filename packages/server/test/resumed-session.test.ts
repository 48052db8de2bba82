import { describe, expect, it } from "vitest";
import { MemorySubscriptionStore, Server } from "../src/index.js";
import { RawPeer, serverInfo, settle } from "./helpers.js";

const resumedSession = {
  revision: "2025-11-25",
  clientCapabilities: {},
  clientInfo: { name: "elsewhere", version: "1.0.0" },
  initialized: true,
  logLevel: "error",
} as const;

async function makeServer(subscriptions = new MemorySubscriptionStore()) {
  const server = new Server(serverInfo, { subscriptions });
  server.resource({ uri: "file:///notes.md", name: "notes" }, () => ({ contents: [] }));
  server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
  await settle(); // the registrations' list_changed go to nobody
  return server;
}

describe("a session continued from another process", () => {
  it("takes the transport's session id, revision, client and log level", async () => {
    const server = await makeServer();
    const peer = Object.assign(new RawPeer(), { resumedSession, sessionId: "fleet-session-1" });
    const session = await server.connect(peer);
    expect(session.id).toBe("fleet-session-1");
    expect(session.revision).toBe("2025-11-25");
    expect(session.logLevel).toBe("error");
    expect(session.client.info).toEqual({ name: "elsewhere", version: "1.0.0" });
    expect(await peer.call(1, "tools/list")).toMatchObject({ id: 1, result: { tools: [{ name: "t" }] } });
    await server.close();
  });

  it("leaves server-wide announcements to the process holding the stream", async () => {
    const server = await makeServer();
    const holder = Object.assign(new RawPeer(), { resumedSession, sessionId: "s-holder" });
    const copy = Object.assign(new RawPeer(), { resumedSession, sessionId: "s-copy", streamElsewhere: true });
    const [held, copied] = [await server.connect(holder), await server.connect(copy)];
    await held.subscribe("file:///notes.md");
    await copied.subscribe("file:///notes.md");
    server.resourceUpdated("file:///notes.md");
    await server.log("error", "boom");
    const heard = await holder.drain();
    expect(heard).toHaveLength(2);
    expect(heard).toEqual(
      expect.arrayContaining([
        { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///notes.md" } },
        { jsonrpc: "2.0", method: "notifications/message", params: { level: "error", data: "boom" } },
      ]),
    );
    expect(await copy.drain()).toEqual([]);
    await server.close();
  });

  it("keeps its subscriptions when it closes only here (handed off), and drops them when it ends", async () => {
    const store = new MemorySubscriptionStore();
    const server = await makeServer(store);
    const handed = Object.assign(new RawPeer(), { resumedSession, sessionId: "s1", handedOff: true });
    const ended = Object.assign(new RawPeer(), { resumedSession, sessionId: "s2" });
    const [a, b] = [await server.connect(handed), await server.connect(ended)];
    await a.subscribe("file:///notes.md");
    await b.subscribe("file:///notes.md");
    await handed.close();
    await ended.close();
    await Promise.all([a.closed, b.closed]);
    expect(await store.has("s1", "file:///notes.md")).toBe(true);
    await expect.poll(() => store.has("s2", "file:///notes.md")).toBe(false);
  });
});
