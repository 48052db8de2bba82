/**
 * The official clients against a fleet of three mcpkit nodes on one real redis-server (sessions,
 * bus, events, tasks and subscriptions on Redis), behind a round-robin proxy that spreads every
 * request (POST, GET, DELETE) over them: each node its own Server, handler and Redis connections,
 * sharing nothing but Redis.
 */
import {
  connectRedis,
  RedisBus,
  RedisEventStore,
  RedisSessionStore,
  RedisSubscriptionStore,
  RedisTaskStore,
  type RedisConnection,
} from "@mcpkit/redis";
import { type StreamableHttpServer, serveStreamableHttp } from "@mcpkit/transport-http/node";
import { StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll } from "vitest";
import { type RedisServer, startRedis } from "../../redis/test/redis-server.js";
import { type RoundRobinProxy, startProxy } from "../../redis/test/fleet/proxy.js";
import { createMcpkitServer } from "../fixtures/mcpkit-server.js";
import { defineOfficialClientSuite } from "./support/official-client-suite.js";
import { connectV1, connectV2 } from "./support/official-clients.js";

let redis: RedisServer;
let proxy: RoundRobinProxy;
const nodes: StreamableHttpServer[] = [];
const connections: RedisConnection[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const prefix = "interop:";
  for (let i = 0; i < 3; i++) {
    const commands = await connectRedis(redis.url);
    const subscriber = await connectRedis(redis.url);
    connections.push(commands, subscriber);
    const bus = new RedisBus({ redis: commands, subscriber, prefix });
    const server = createMcpkitServer({
      fleet: {
        bus,
        subscriptions: new RedisSubscriptionStore({ redis: commands, prefix }),
        tasks: { store: new RedisTaskStore({ redis: commands, prefix }) },
        // A multi-round (2026-07-28) call's requestState is sealed by one node, opened by another.
        requestState: { secret: "the interop fleet's shared secret" },
      },
    });
    nodes.push(
      await serveStreamableHttp({
        sessionStore: new RedisSessionStore({ redis: commands, prefix }),
        eventStore: new RedisEventStore({ redis: commands, prefix }),
        bus,
        onSession: (transport) => void server.connect(transport),
        onStateless: (transport) => void server.connect(transport),
      }),
    );
  }
  proxy = await startProxy(() => nodes.map((node) => node.url));
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  for (const node of nodes.splice(0)) await node.close();
  for (const connection of connections.splice(0)) connection.destroy();
  await redis?.close();
});

defineOfficialClientSuite({
  label: "official 2.x client → a fleet of three mcpkit nodes on Redis",
  revisions: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"],
  connect: (revision) => connectV2(new HttpV2(new URL(proxy.url)), revision),
});

// The 1.x client always offers 2025-11-25, which the fleet serves.
defineOfficialClientSuite({
  label: "official 1.x client → a fleet of three mcpkit nodes on Redis",
  revisions: ["2025-11-25"],
  connect: () => connectV1(new HttpV1(new URL(proxy.url))),
});
