// One node of the fleet benchmark: an mcpkit Server (the echo tool) over Streamable HTTP on
// 127.0.0.1, both eras, with its stores on Redis when `--redis URL` is given. Prints its URL.
import { parseArgs } from "node:util";
import { connectRedis, RedisBus, RedisEventStore, RedisSessionStore, RedisTaskStore } from "@mcpkit/redis";
import { Server } from "@mcpkit/server";
import { serveStreamableHttp } from "@mcpkit/transport-http/node";

const { values } = parseArgs({
  options: {
    redis: { type: "string" },
    secret: { type: "string" },
    prefix: { type: "string", default: "bench:" },
  },
});
const redis = values.redis ? await connectRedis(values.redis) : undefined;
// The bus subscribes on a connection of its own.
const subscriber = values.redis ? await connectRedis(values.redis) : undefined;
const prefix = values.prefix;
const server = new Server(
  { name: "fleet-bench", version: "1.0.0" },
  {
    requestState: { secret: values.secret },
    ...(redis ? { tasks: { store: new RedisTaskStore({ redis, prefix }) } } : {}),
  },
);
server.tool(
  {
    name: "echo",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  (args) => ({ content: [{ type: "text", text: args.text }] }),
);
const http = await serveStreamableHttp({
  maxSessions: 10_000,
  ...(redis
    ? {
        eventStore: new RedisEventStore({ redis, prefix }),
        sessionStore: new RedisSessionStore({ redis, prefix }),
        bus: new RedisBus({ redis, subscriber, prefix }),
      }
    : {}),
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
});
process.stdout.write(`${http.url}\n`);
process.on("SIGTERM", () => process.exit(0));
