// A 2026-07-28 listen stream that breaks off is opened again (issue 24): the server's sockets are
// dropped under a live `subscriptions/listen` stream over real HTTP on 127.0.0.1; the client
// reports a gap, opens the stream again with the same filter, and hears later changes once.
import { Client, type ClientEvents } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";
import { closedAfterEach } from "./task-helpers.js";

const open = closedAfterEach();
const schema = { type: "object" } as const;

async function serve() {
  const server = new Server({ name: "listen-heal", version: "1" });
  server.tool({ name: "first", inputSchema: schema }, () => ({ content: [] }));
  const http = await serveStreamableHttp({
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
  open.push(server, http);
  const client = new Client({
    clientInfo: { name: "c", version: "1" },
    revision: "2026-07-28",
    reconnect: { initialDelayMs: 10 },
  });
  open.unshift(client);
  // Count the acknowledgements: each (re)opened stream is acknowledged once it is live.
  let acks = 0;
  const ackWaiters: [number, () => void][] = [];
  client.use({
    incoming: async (message, next) => {
      const answer = await next();
      if (message.method === "notifications/subscriptions/acknowledged") {
        acks += 1;
        for (const [count, resolve] of ackWaiters) if (acks >= count) resolve();
      }
      return answer;
    },
  });
  const acknowledgedTimes = (count: number) =>
    new Promise<void>((resolve) => (acks >= count ? resolve() : ackWaiters.push([count, resolve])));
  await client.connect(() => new StreamableHttpClientTransport(http.url));
  return { client, server, http, acknowledgedTimes };
}

function next<K extends keyof ClientEvents>(client: Client, event: K): Promise<ClientEvents[K]> {
  return new Promise((resolve) => {
    const stop = client.on(event, (value) => {
      stop();
      resolve(value);
    });
  });
}

describe("a listen stream that breaks off (2026-07-28)", () => {
  it("is opened again with the same filter after a gap event; later changes arrive once", async () => {
    const { client, server, http, acknowledgedTimes } = await serve();
    const changes: string[][] = [];
    client.on("toolsChanged", ({ tools }) => changes.push((tools ?? []).map((t) => t.name)));
    await client.listTools(); // listed: a change refreshes the list
    const subscription = client.listen({ toolsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const gap = next(client, "subscriptionGap");
    http.httpServer.closeAllConnections(); // drops the stream without its response
    const reported = await gap;
    expect(reported.subscription).toBe(subscription);
    expect(reported.filter).toEqual({ toolsListChanged: true });
    expect(reported.error).toMatchObject({ code: "transport_failed" });
    await acknowledgedTimes(2);
    const changed = next(client, "toolsChanged");
    server.tool({ name: "second", inputSchema: schema }, () => ({ content: [] }));
    await changed;
    await client.listTools(); // a round trip: a duplicate notification would have come before its answer
    expect(changes).toEqual([["first", "second"]]);
    subscription.close();
    await subscription.ended;
  });

  it("a graceful end (the server's response) is not reopened", async () => {
    const { client, server } = await serve();
    const gaps: unknown[] = [];
    client.on("subscriptionGap", (gap) => gaps.push(gap));
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    await server.close(); // ends each stream with its response
    await subscription.ended;
    expect(gaps).toEqual([]);
  });
});
