// The client heals across a restart of the HTTP server's process (issue 24): the server is killed
// during a call, a new process listens on the same port and does not know the session, and the
// client re-initializes there and sends the idempotent call again. Real processes, real HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client, SessionExpiredError } from "@mcpkit/client";
import { afterEach, describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";

const SERVER = fileURLToPath(new URL("./fixtures/heal-server.mjs", import.meta.url));
const started: ChildProcess[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) await stop(child);
});

/** A server process of generation `generation`: resolves with its URL once it listens. */
function startServer(port: number, generation: string) {
  const child = spawn(process.execPath, [SERVER, String(port), generation], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    let buffered = "";
    child.stdout?.setEncoding("utf8").on("data", (text: string) => {
      buffered += text;
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.startsWith("listening ")) resolve({ child, url: line.slice("listening ".length) });
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it listened`)));
  });
}

/** Calls `stall`; `stalled` resolves once its answer stream is open (its first progress report). */
function stallCall(client: Client, progress: string[]) {
  let open!: () => void;
  const stalled = new Promise<void>((resolve) => {
    open = resolve;
  });
  const call = client
    .callTool(
      { name: "stall" },
      {
        onProgress: ({ message }) => {
          progress.push(message ?? "");
          open();
        },
      },
    )
    .catch((e: unknown) => e);
  return { call, stalled };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("the HTTP server's process restarts", () => {
  it("during a call: the client re-initializes on the new process and the idempotent call is answered once", async () => {
    const first = await startServer(0, "1");
    const port = Number(new URL(first.url).port);
    const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session" });
    const events: string[] = [];
    client.on("connectionLost", ({ reason }) => events.push(`connectionLost ${reason}`));
    client.on("reconnected", ({ attempt }) => events.push(`reconnected ${attempt}`));
    // The new process must be up before the transport gives up resuming the broken answer stream.
    const reconnect = { initialDelayMs: 20, minDelayMs: 20, maxDelayMs: 100, maxAttempts: 100 };
    await client.connect(() => new StreamableHttpClientTransport(first.url, { reconnect }));
    try {
      await client.listTools();
      const oldSession = client.connection;
      const progress: string[] = [];
      const { call, stalled } = stallCall(client, progress);
      await stalled;
      await stop(first.child);
      await startServer(port, "2");
      expect(await call).toMatchObject({ content: [{ type: "text", text: "answered by generation 2" }] });
      expect(progress).toEqual(["stalling in generation 1", "stalling in generation 2"]);
      expect(client.connection).not.toBe(oldSession);
      expect(events).toEqual(["connectionLost session_expired", "reconnected 1"]);
      // A call that is not idempotent, after the restart: runs once on the new process.
      expect((await client.callTool({ name: "count" })).content).toEqual([{ type: "text", text: "1" }]);
    } finally {
      await client.close();
    }
  });

  it("with reconnect: false the call in flight fails with SessionExpiredError", async () => {
    const first = await startServer(0, "1");
    const port = Number(new URL(first.url).port);
    const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session", reconnect: false });
    const reconnect = { initialDelayMs: 20, minDelayMs: 20, maxDelayMs: 100, maxAttempts: 100 };
    await client.connect(() => new StreamableHttpClientTransport(first.url, { reconnect }));
    try {
      const { call, stalled } = stallCall(client, []);
      await stalled;
      await stop(first.child);
      await startServer(port, "2");
      const error = await call;
      expect(error).toBeInstanceOf(SessionExpiredError);
      expect((error as Error).message).toMatch(/expired before tools\/call was answered/);
    } finally {
      await client.close();
    }
  });

  it("during a resource subscription (session era): the new process is subscribed again, updates arrive once", async () => {
    const first = await startServer(0, "1");
    const port = Number(new URL(first.url).port);
    const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session" });
    const updates: string[] = [];
    client.on("resourceUpdated", ({ uri }) => updates.push(uri));
    const reconnect = { initialDelayMs: 20, minDelayMs: 20, maxDelayMs: 100, maxAttempts: 100 };
    await client.connect(() => new StreamableHttpClientTransport(first.url, { reconnect }));
    try {
      await client.subscribeResource("mem://a");
      const reconnected = new Promise<void>((resolve) => client.on("reconnected", () => resolve()));
      await stop(first.child);
      await startServer(port, "2");
      // Nothing is called: the standalone GET stream, resumed on the new process, meets the 404.
      await reconnected;
      const updated = new Promise<void>((resolve) => client.on("resourceUpdated", () => resolve()));
      await client.callTool({ name: "touch" });
      await updated;
      await client.ping(); // a round trip: a second update would have come before its answer
      expect(updates).toEqual(["mem://a"]);
      expect((await client.readResource("mem://a")).contents).toEqual([{ uri: "mem://a", text: "A2" }]);
    } finally {
      await client.close();
    }
  });

  it("during a listen stream (2026-07-28): it is opened again on the new process after a gap", async () => {
    const first = await startServer(0, "1");
    const port = Number(new URL(first.url).port);
    const client = new Client({
      clientInfo: { name: "c", version: "1" },
      revision: "2026-07-28",
      // Until the new process listens, each attempt is refused: room for a slow start.
      reconnect: { initialDelayMs: 20, maxDelayMs: 100, maxAttempts: 200 },
    });
    const changes: string[][] = [];
    client.on("toolsChanged", ({ tools }) => changes.push((tools ?? []).map((t) => t.name)));
    let acks = 0;
    let reacknowledged!: () => void;
    const twice = new Promise<void>((resolve) => {
      reacknowledged = resolve;
    });
    client.use({
      incoming: async (message, next) => {
        const answer = await next();
        if (message.method === "notifications/subscriptions/acknowledged" && ++acks === 2) reacknowledged();
        return answer;
      },
    });
    await client.connect(() => new StreamableHttpClientTransport(first.url));
    try {
      await client.listTools();
      const subscription = client.listen({ toolsListChanged: true });
      await subscription.acknowledged;
      const gap = new Promise<void>((resolve) => client.on("subscriptionGap", () => resolve()));
      await stop(first.child);
      await gap;
      await startServer(port, "2");
      await twice;
      const changed = new Promise<void>((resolve) => client.on("toolsChanged", () => resolve()));
      await client.callTool({ name: "grow" });
      await changed;
      await client.listTools(); // a round trip: a duplicate would have come before its answer
      expect(changes).toHaveLength(1);
      expect(changes[0]).toContain("grown-in-2");
      subscription.close();
    } finally {
      await client.close();
    }
  });
});
