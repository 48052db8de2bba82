import { describe, expect, it } from "vitest";
import { MemorySubscriptionStore, type SubscriptionStore } from "../src/index.js";
import { connect, newServer, settle } from "./helpers.js";

/** The memory store, with every call written down. */
class RecordingStore implements SubscriptionStore {
  readonly calls: string[] = [];
  private readonly inner = new MemorySubscriptionStore({ maxPerSession: 2 });
  add(sessionId: string, uri: string) {
    this.calls.push(`add ${uri}`);
    return this.inner.add(sessionId, uri);
  }
  remove(sessionId: string, uri: string) {
    this.calls.push(`remove ${uri}`);
    return this.inner.remove(sessionId, uri);
  }
  has(sessionId: string, uri: string) {
    this.calls.push(`has ${uri}`);
    return this.inner.has(sessionId, uri);
  }
  clear(sessionId: string) {
    this.calls.push("clear");
    return this.inner.clear(sessionId);
  }
}

function server(store: SubscriptionStore) {
  const s = newServer({ subscriptions: store });
  for (const name of ["a", "b", "c"]) {
    s.resource({ uri: `file:///${name}`, name }, (uri) => ({ contents: [{ uri, text: name }] }));
  }
  return s;
}

describe("SubscriptionStore", () => {
  it("an injected store keeps session-era subscriptions, and is cleared when the session closes", async () => {
    const store = new RecordingStore();
    const s = server(store);
    const client = await connect(s, "2025-11-25");
    expect(await client.result("resources/subscribe", { uri: "file:///a" })).toEqual({});
    s.resourceUpdated("file:///a");
    s.resourceUpdated("file:///b");
    expect(await client.peer.drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///a" } },
    ]);
    expect(await client.result("resources/unsubscribe", { uri: "file:///a" })).toEqual({});
    s.resourceUpdated("file:///a");
    expect(await client.peer.drain()).toEqual([]);
    await s.close();
    await settle();
    expect(store.calls).toEqual([
      "add file:///a",
      "has file:///a",
      "has file:///b",
      "remove file:///a",
      "has file:///a",
      "clear",
    ]);
  });

  it("a refused subscription is -32602; sessions are kept apart", async () => {
    const s = server(new RecordingStore());
    const one = await connect(s, "2025-06-18");
    const two = await connect(s, "2025-06-18");
    expect(await one.result("resources/subscribe", { uri: "file:///a" })).toEqual({});
    expect(await one.result("resources/subscribe", { uri: "file:///b" })).toEqual({});
    expect(await one.result("resources/subscribe", { uri: "file:///a" })).toEqual({});
    expect(await one.error("resources/subscribe", { uri: "file:///c" })).toEqual({
      code: -32602,
      message: "Too many subscriptions",
      data: { uri: "file:///c" },
    });
    expect(await two.result("resources/subscribe", { uri: "file:///c" })).toEqual({});
    s.resourceUpdated("file:///c");
    expect(await one.peer.drain()).toEqual([]);
    expect(await two.peer.drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///c" } },
    ]);
    await s.close();
  });

  it("the memory store is bounded per session and forgets a cleared session", async () => {
    const store = new MemorySubscriptionStore({ maxPerSession: 1 });
    expect(await store.add("s1", "u1")).toBe(true);
    expect(await store.add("s1", "u2")).toBe(false);
    expect(await store.add("s2", "u2")).toBe(true);
    expect(await store.has("s1", "u1")).toBe(true);
    expect(await store.has("s1", "u2")).toBe(false);
    await store.clear("s1");
    expect(await store.has("s1", "u1")).toBe(false);
    expect(await store.add("s1", "u2")).toBe(true);
  });
});
