// A fleet of Streamable HTTP nodes in one process, for the fleet tests: each node its own handler
// and Server, all sharing one session store, bus, event store, task store and subscription store,
// behind a round-robin dispatcher on 127.0.0.1 that sends every request (POST, GET, DELETE) to the
// next node.
import { type Server as HttpServer, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MemoryBus, MemorySessionStore } from "@mcpkit/core";
import { MemorySubscriptionStore, MemoryTaskStore, Server, tasksExtension } from "@mcpkit/server";
import {
  MemoryEventStore,
  type StreamableHttpHandler,
  createStreamableHttpHandler,
} from "../src/index.node.js";
import { toNodeListener } from "../src/node.js";

export interface FleetNode {
  readonly index: number;
  readonly server: Server;
  readonly handler: StreamableHttpHandler;
  /** Requests this node answered, by HTTP method. */
  readonly seen: string[];
}

export interface Fleet {
  readonly url: string;
  readonly nodes: readonly FleetNode[];
  /** The node the dispatcher sends the next request to. */
  readonly order: number[];
  close(): Promise<void>;
}

/**
 * Starts `size` nodes; `define` registers the same features on each node's Server (as a fleet
 * of processes started from one program would).
 */
export async function startFleet(
  size: number,
  define: (server: Server, index: number) => void,
  handlerOptions: { readonly jsonResponse?: boolean | "when-ready" } = {},
): Promise<Fleet> {
  const sessionStore = new MemorySessionStore();
  const bus = new MemoryBus();
  const eventStore = new MemoryEventStore();
  const taskStore = new MemoryTaskStore();
  const subscriptions = new MemorySubscriptionStore();
  const nodes: FleetNode[] = [];
  for (let index = 0; index < size; index++) {
    const server = new Server(
      { name: "fleet", version: "1.0.0" },
      {
        bus,
        subscriptions,
        tasks: { store: taskStore, pollIntervalMs: 10 },
        extensions: [tasksExtension()],
      },
    );
    define(server, index);
    const handler = createStreamableHttpHandler({
      ...handlerOptions,
      sessionStore,
      bus,
      eventStore,
      onSession: (transport) => server.connect(transport),
      onStateless: (transport) => server.connect(transport),
    });
    nodes.push({ index, server, handler, seen: [] });
  }
  const listeners = nodes.map((node) => toNodeListener(node.handler));
  let next = 0;
  const order: number[] = [];
  const http: HttpServer = createServer((req, res) => {
    const index = next;
    next = (next + 1) % size;
    order.push(index);
    (nodes[index] as FleetNode).seen.push(req.method ?? "?");
    (listeners[index] as (typeof listeners)[number])(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    nodes,
    order,
    close: async () => {
      await Promise.all(nodes.map((node) => node.handler.close()));
      await Promise.all(nodes.map((node) => node.server.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
