import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectRedis,
  RedisBus,
  type RedisConnection,
  RedisEventStore,
  RedisStoreError,
  RedisTaskStore,
} from "../src/index.js";
import { type RedisServer, startRedis } from "./redis-server.js";

let server: RedisServer;
let redis: RedisConnection;
const errors: string[] = [];
beforeAll(async () => {
  server = await startRedis();
  redis = await connectRedis(server.url, {
    onError: (e) => errors.push(e.message),
    maxReconnectDelayMs: 100,
  });
});
afterAll(async () => {
  redis.destroy();
  await server.close();
});

/** Resolves when the client is connected and ready again. */
function ready(client: RedisConnection): Promise<void> {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => client.once("ready", () => resolve()));
}

/** Resolves once the client has noticed the connection is gone. */
function lost(client: RedisConnection): Promise<void> {
  if (!client.isReady) return Promise.resolve();
  return new Promise((resolve) => client.once("reconnecting", () => resolve()));
}

/** What every call gets while Redis is down: an McpError (-32603) naming no detail of the connection. */
const offline = expect.objectContaining({
  name: "McpError",
  code: -32603,
  message: "Redis is unavailable; retry shortly",
  cause: expect.any(Error),
});

describe("a Redis outage", () => {
  it("is a clear error on each call while it lasts, and the stores recover on their own when Redis returns", async () => {
    const tasks = new RedisTaskStore({ redis, prefix: "outage:" });
    const events = new RedisEventStore({ redis, prefix: "outage:" });
    const task = await tasks.create({ owner: "o", ttl: 60_000 });
    await events.append("s", { streamId: "p1", eventId: "p1-1", data: "{}" });

    const down = lost(redis);
    await server.stop();
    await down;
    await expect(tasks.get("o", task.taskId)).rejects.toThrow(offline);
    await expect(events.append("s", { streamId: "p1", eventId: "p1-2", data: "{}" })).rejects.toThrow(
      offline,
    );

    await server.start();
    await ready(redis);
    // A restarted Redis is empty (no persistence here) and knows none of the scripts: they load again.
    expect(await tasks.get("o", task.taskId)).toBeUndefined();
    const again = await tasks.create({ owner: "o", ttl: 60_000 });
    expect(await tasks.get("o", again.taskId)).toEqual(again);
    await events.append("s", { streamId: "p1", eventId: "p1-3", data: "{}" });
    await events.append("s", { streamId: "p1", eventId: "p1-4", data: "{}" });
    expect(await events.eventsAfter("s", "p1-3")).toEqual([{ streamId: "p1", eventId: "p1-4", data: "{}" }]);
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("the bus across a Redis restart", () => {
  it("publish fails clearly while Redis is down; subscriptions come back on their own", async () => {
    const subscriber = await connectRedis(server.url, { maxReconnectDelayMs: 100 });
    try {
      const bus = new RedisBus({ redis, subscriber, prefix: "restart:" });
      const heard: string[] = [];
      let wake: (() => void) | undefined;
      await bus.subscribe("changes", (message) => {
        heard.push(message);
        wake?.();
      });
      const next = () => new Promise<void>((resolve) => (wake = resolve));
      let arrived = next();
      await bus.publish("changes", "before");
      await arrived;

      const down = Promise.all([lost(redis), lost(subscriber)]);
      await server.stop();
      await down;
      await expect(bus.publish("changes", "during")).rejects.toThrow(offline);
      // The client's own words (offline, connection refused) stay in the cause, for the logs.
      await expect(bus.subscribe("other", () => {})).rejects.toThrow(offline);
      await expect(bus.subscribe("other", () => {})).rejects.toBeInstanceOf(RedisStoreError);

      await server.start();
      await Promise.all([ready(redis), ready(subscriber)]);
      arrived = next();
      await bus.publish("changes", "after");
      await arrived;
      expect(heard).toEqual(["before", "after"]);
    } finally {
      subscriber.destroy();
    }
  });
});
