import { Client } from "@mcpkit/client";
import { type HttpExchange, StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis } from "../src/index.js";
import { type Fleet, startFleet } from "./fleet/fleet.js";
import { type RedisServer, startRedis } from "./redis-server.js";

// Three real node processes on one real redis-server (sessions, bus, events, tasks), behind a
// round-robin proxy, driven by the real @mcpkit/client in the session era (2025-11-25): every
// request of one session may land on another node.

let redis: RedisServer;
let fleet: Fleet;
const clients: Client[] = [];
const transports = new Map<Client, StreamableHttpClientTransport>();
beforeAll(async () => {
  redis = await startRedis();
  fleet = await startFleet(redis.url, 3, "session:");
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
  await fleet?.close();
  await redis?.close();
});

async function connect(
  exchanges: HttpExchange[] = [],
  onExchange?: (e: HttpExchange) => void,
): Promise<Client> {
  const client = new Client({
    clientInfo: { name: "fleet-session", version: "1" },
    mode: "session",
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  clients.push(client);
  const transport = new StreamableHttpClientTransport(fleet.proxy.url, {
    onExchange: (exchange) => {
      exchanges.push(exchange);
      onExchange?.(exchange);
    },
    reconnect: { initialDelayMs: 5, minDelayMs: 0 },
  });
  transports.set(client, transport);
  await client.connect(transport);
  return client;
}

/** A promise and its resolve (Node 20 has no Promise.withResolvers). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;
const whoami = async (client: Client) => text(await client.callTool({ name: "whoami", arguments: {} })) ?? "";

describe("a fleet of three on Redis, session era", () => {
  it("serves one session's requests on every node", async () => {
    const client = await connect();
    expect(client.revision).toBe("2025-11-25");
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) names.add(await whoami(client));
    expect([...names].sort()).toEqual(["n1", "n2", "n3"]);
  });

  it("an elicitation sent from one node is answered through another", async () => {
    const client = await connect();
    const result = await client.callTool({ name: "ask-name", arguments: {} });
    expect(text(result)).toMatch(/^Hello, Ada \(from n[123]\)$/);
  });

  it("a task started on one node is completed and fetched through another", async () => {
    const client = await connect();
    const task = await client.callTool(
      { name: "slow-task", arguments: { ms: 100 } },
      { task: { ttlMs: 60_000 } },
    );
    expect(text(await task.result())).toMatch(/^done on n[123]$/);
  });

  it("a stream broken mid-call resumes through the proxy: 1000 progress notifications, each once, in order", async () => {
    const exchanges: HttpExchange[] = [];
    const client = await connect(exchanges);
    const seen: number[] = [];
    // Break every stream (the call's and the standalone GET) at the first notification from 100 on.
    let cut = 0;
    const result = await client.callTool(
      { name: "count", arguments: { steps: 1000, everyMs: 1 } },
      {
        onProgress: (p: { progress: number }) => {
          seen.push(p.progress);
          if (cut === 0 && p.progress >= 100 && fleet.proxy.cut() > 0) cut += 1;
        },
      },
    );
    expect(text(result)).toMatch(/^counted 1000 on n[123]$/);
    expect(cut).toBe(1);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(exchanges.filter((e) => e.purpose === "resume" && e.status === 200).length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it("the node running a call dies mid-stream: the client resumes on another node; every event sent arrives once", async () => {
    const exchanges: HttpExchange[] = [];
    const client = await connect(exchanges);
    const seen: number[] = [];
    let killed: Promise<void> | undefined;
    let victim = -1;
    const call = client.callTool(
      { name: "count", arguments: { steps: 1000, everyMs: 2 } },
      {
        // The handler dies with its node, so the call can only end by its timeout (no progress).
        timeoutMs: 3000,
        onProgress: (p: { progress: number; message?: string }) => {
          seen.push(p.progress);
          // Each notification names the node running the handler (n1, n2, n3): kill that one.
          if (killed === undefined && p.progress >= 100) {
            victim = Number(p.message?.slice(1)) - 1;
            killed = fleet.kill(victim);
          }
        },
      },
    );
    const failure = await call.catch((error: unknown) => error);
    await killed;
    // An event is written only once Redis has it, so the last id the client holds is always in
    // the store: the resume on another node replays what the client missed (maybe nothing) and
    // waits for more; the call then ends by its timeout, as the handler died.
    const resumes = exchanges.filter((e) => e.purpose === "resume");
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    expect(resumes.map((e) => e.status)).toEqual(resumes.map(() => 200));
    expect(String(failure)).toMatch(/timed out: no answer within 3000 ms/);
    // What the dead node sent, live or replayed from Redis, arrived once and in order: every
    // progress notification Redis holds for the session, and no other.
    expect(seen.length).toBeGreaterThanOrEqual(100);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    const look = await connectRedis(redis.url);
    try {
      const entries = await look.xRange(`session:events:${transports.get(client)?.sessionId}`, "-", "+");
      const progress = (entries ?? []).filter((entry) =>
        entry.message.d?.includes('"notifications/progress"'),
      );
      expect(progress.length).toBe(seen.length);
    } finally {
      look.destroy();
    }
    await fleet.restart(victim);
  });

  it("a resource update raised on one node reaches its subscribers, whichever nodes hold their sessions (20 runs)", async () => {
    for (let run = 0; run < 20; run++) {
      const opened = [deferred(), deferred()];
      const watchers = await Promise.all(
        opened.map((open) =>
          connect([], (e) => {
            if (e.purpose === "standalone" && e.status === 200) open.resolve();
          }),
        ),
      );
      const heard = watchers.map(
        (watcher) =>
          new Promise<string>((resolve) => {
            const stop = watcher.on("resourceUpdated", ({ uri }) => {
              stop();
              resolve(uri);
            });
          }),
      );
      for (const watcher of watchers) await watcher.subscribeResource("test://watched");
      await Promise.all(opened.map((open) => open.promise));
      const toucher = await connect();
      expect(text(await toucher.callTool({ name: "touch", arguments: {} }))).toMatch(/^touched on n[123]$/);
      expect(await Promise.all(heard)).toEqual(["test://watched", "test://watched"]);
      await Promise.all([...watchers, toucher].map((client) => client.close()));
    }
  });

  it("every node restarts, one after another, and the session goes on", async () => {
    const client = await connect();
    expect(await whoami(client)).toMatch(/^n[123]$/);
    for (let i = 0; i < 3; i++) {
      await fleet.kill(i);
      await fleet.restart(i);
    }
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) names.add(await whoami(client));
    expect([...names].sort()).toEqual(["n1", "n2", "n3"]);
  });
});
