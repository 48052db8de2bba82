import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis, type RedisConnection, RedisSubscriptionStore } from "../src/index.js";
import { type RedisServer, startRedis } from "./redis-server.js";

let server: RedisServer;
let redis: RedisConnection;
beforeAll(async () => {
  server = await startRedis();
  redis = await connectRedis(server.url);
});
afterAll(async () => {
  redis.destroy();
  await server.close();
});

describe("RedisSubscriptionStore", () => {
  it("keeps a session's subscriptions, bounded per session, apart from other sessions'", async () => {
    const store = new RedisSubscriptionStore({ redis, prefix: "subs:", maxPerSession: 2 });
    expect(await store.add("s1", "file:///a")).toBe(true);
    expect(await store.add("s1", "file:///a")).toBe(true);
    expect(await store.add("s1", "file:///b")).toBe(true);
    expect(await store.add("s1", "file:///c")).toBe(false);
    expect(await store.add("s2", "file:///c")).toBe(true);
    expect(await store.has("s1", "file:///a")).toBe(true);
    expect(await store.has("s1", "file:///c")).toBe(false);
    expect(await store.has("s2", "file:///a")).toBe(false);
    await store.remove("s1", "file:///a");
    expect(await store.has("s1", "file:///a")).toBe(false);
    expect(await store.add("s1", "file:///c")).toBe(true);
  });

  it("one expiring key per session, gone when the session is cleared", async () => {
    const store = new RedisSubscriptionStore({ redis, prefix: "subkeys:", ttlMs: 60_000 });
    await store.add("s1", "file:///a");
    expect(await redis.keys("subkeys:*")).toEqual(["subkeys:subscriptions:s1"]);
    const ttl = await redis.pTTL("subkeys:subscriptions:s1");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.clear("s1");
    expect(await redis.keys("subkeys:*")).toEqual([]);
  });
});
