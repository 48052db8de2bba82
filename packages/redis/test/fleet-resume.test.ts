import { Client } from "@mcpkit/client";
import { type HttpExchange, StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../src/index.js";
import { type Fleet, startFleet } from "./fleet/fleet.js";
import { type RedisServer, startRedis } from "./redis-server.js";

// A session-era stream resumed from RedisEventStore: a real node process, the real client, and a
// proxy that breaks the stream mid-call.

let redis: RedisServer;
let fleet: Fleet;
const clients: Client[] = [];
beforeAll(async () => {
  redis = await startRedis();
  fleet = await startFleet(redis.url, 1, "resume:");
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await fleet?.close();
  await redis?.close();
});

describe("a session-era stream on RedisEventStore", () => {
  it("broken mid-call, resumes with Last-Event-ID: 1000 progress notifications, each once, in order", async () => {
    const exchanges: HttpExchange[] = [];
    const client = new Client({ clientInfo: { name: "resume", version: "1" }, mode: "session" });
    clients.push(client);
    await client.connect(
      new StreamableHttpClientTransport(fleet.proxy.url, {
        onExchange: (exchange) => exchanges.push(exchange),
        reconnect: { initialDelayMs: 5, minDelayMs: 0 },
      }),
    );
    const seen: number[] = [];
    // Break the stream twice: at the first notification from 100 on, and from 500 on, on which
    // an answer is being streamed.
    const cutsAt = [100, 500];
    let cut = 0;
    const result = await client.callTool(
      { name: "count", arguments: { steps: 1000, everyMs: 1 } },
      {
        onProgress: (p: { progress: number }) => {
          seen.push(p.progress);
          const at = cutsAt[cut];
          if (at !== undefined && p.progress >= at && fleet.proxy.cut() > 0) cut += 1;
        },
      },
    );
    expect(result.content).toEqual([{ type: "text", text: "counted 1000 on n1" }]);
    expect(cut).toBe(2);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const resumes = exchanges.filter((e) => e.purpose === "resume");
    expect(resumes.length).toBeGreaterThanOrEqual(2);
    // The replayed events came from Redis: the session's stream is there, under the fleet's prefix.
    const look = await connectRedis(redis.url);
    try {
      const keys = await look.keys("resume:events:*");
      expect(keys).toHaveLength(1);
      expect(await look.xLen(keys[0] as string)).toBeGreaterThanOrEqual(1000);
    } finally {
      look.destroy();
    }
  });
});
