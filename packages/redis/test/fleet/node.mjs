/**
 * One node of the test fleet: a real process serving one mcpkit Server over Streamable HTTP on
 * 127.0.0.1, with every store and the bus on the Redis given by `--redis` (tasks, SSE events,
 * session records) and the
 * `requestState` secret of `--secret`. Prints its endpoint URL as its first stdout line.
 *
 *   node node.mjs --redis redis://127.0.0.1:6379 --secret S --name n1 [--prefix p:] [--no-redis]
 */
import { parseArgs } from "node:util";
import {
  connectRedis,
  RedisBus,
  RedisEventStore,
  RedisSessionStore,
  RedisSubscriptionStore,
  RedisTaskStore,
} from "@mcpkit/redis";
import { Server, tasksExtension } from "@mcpkit/server";
import { serveStreamableHttp } from "@mcpkit/transport-http/node";

const { values } = parseArgs({
  options: {
    redis: { type: "string" },
    secret: { type: "string" },
    name: { type: "string", default: "node" },
    prefix: { type: "string", default: "fleet:" },
    "no-redis": { type: "boolean", default: false },
  },
});
const name = values.name;
const log = (message) => process.stderr.write(`[${name}] ${message}\n`);

const connect = () =>
  connectRedis(values.redis, { onError: (e) => log(e.message), maxReconnectDelayMs: 200 });
const redis = values["no-redis"] ? undefined : await connect();
// Subscriptions need a connection of their own.
const subscriber = redis ? await connect() : undefined;
const prefix = values.prefix;
// One bus for the Server and its HTTP handler.
const bus = redis ? new RedisBus({ redis, subscriber, prefix }) : undefined;

const server = new Server(
  { name: "fleet-node", version: "1.0.0" },
  {
    requestState: { secret: values.secret },
    tasks: redis
      ? { store: new RedisTaskStore({ redis, prefix }), pollIntervalMs: 50 }
      : { pollIntervalMs: 50 },
    extensions: [tasksExtension()],
    ...(redis ? { bus, subscriptions: new RedisSubscriptionStore({ redis, prefix }) } : {}),
    onError: (error) => log(`error: ${error.message}`),
  },
);

server.tool(
  {
    name: "whoami",
    description: "Says which node answered",
    inputSchema: { type: "object" },
  },
  () => ({ content: [{ type: "text", text: name }] }),
);

server.tool(
  {
    name: "echo",
    description: "Echoes its text",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  (args) => ({ content: [{ type: "text", text: String(args.text) }] }),
);

server.tool(
  {
    name: "count",
    description: "Sends `steps` progress notifications, one per `everyMs`, then answers",
    inputSchema: {
      type: "object",
      properties: { steps: { type: "integer" }, everyMs: { type: "integer" } },
      required: ["steps"],
    },
  },
  async (args, ctx) => {
    const steps = Number(args.steps);
    const every = Number(args.everyMs ?? 0);
    for (let step = 1; step <= steps; step++) {
      await ctx.progress(step, steps, name);
      if (every > 0) await new Promise((resolve) => setTimeout(resolve, every));
    }
    return { content: [{ type: "text", text: `counted ${steps} on ${name}` }] };
  },
);

server.tool(
  {
    name: "slow-task",
    description: "Answers after `ms`, as a task when asked",
    inputSchema: { type: "object", properties: { ms: { type: "integer" } } },
    execution: { taskSupport: "optional" },
  },
  async (args) => {
    await new Promise((resolve) => setTimeout(resolve, Number(args.ms ?? 10)));
    return { content: [{ type: "text", text: `done on ${name}` }] };
  },
);

server.tool(
  {
    name: "ask-name",
    description: "Elicits a name and greets it",
    inputSchema: { type: "object" },
  },
  async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: "Your name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    const who = answer.action === "accept" ? String(answer.content?.name) : answer.action;
    return { content: [{ type: "text", text: `Hello, ${who} (from ${name})` }] };
  },
);

server.resource({ uri: "test://watched", name: "watched" }, (uri) => ({
  contents: [{ uri, text: `watched, read on ${name}` }],
}));

server.tool(
  {
    name: "touch",
    description: "Says that test://watched changed (Server.resourceUpdated on this node)",
    inputSchema: { type: "object" },
  },
  () => {
    server.resourceUpdated("test://watched");
    return { content: [{ type: "text", text: `touched on ${name}` }] };
  },
);

const http = await serveStreamableHttp({
  host: "127.0.0.1",
  port: 0,
  ...(redis
    ? {
        eventStore: new RedisEventStore({ redis, prefix }),
        sessionStore: new RedisSessionStore({ redis, prefix }),
        bus,
      }
    : {}),
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
  onError: (error) => log(`http error: ${error instanceof Error ? error.message : String(error)}`),
});
process.stdout.write(`${http.url}\n`);

const stop = async () => {
  await http.close();
  await server.close();
  if (redis) await redis.close();
  if (subscriber) await subscriber.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
