import { setTimeout as delay } from "node:timers/promises";
import { Connection, type JsonRpcPayload, SessionClientEra, type Transport } from "@mcpkit/core";
import { expect, it } from "vitest";
import type { HttpExchange } from "../src/index.js";
import { CuttableProxy, initializeResult, closedAfterEach } from "./client-helpers.js";
import { Recorder, type TestServer, startServer } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const STEPS = 8;

/**
 * Serves one session: `tools/call` sends STEPS progress notifications 15 ms apart on the
 * request's stream, then the result; other requests get `{ echo }`.
 */
function serveSlowly(transport: Transport): Promise<void> {
  const send = (payload: unknown, relatedRequestId: string | number) =>
    transport.send(payload as JsonRpcPayload, { relatedRequestId }).catch(() => {});
  return transport.start({
    onMessage: (value) => {
      const message = value as {
        id?: string | number;
        method?: string;
        params?: { _meta?: { progressToken?: unknown } };
      };
      const id = message.id;
      if (id === undefined || message.method === undefined) return;
      if (message.method === "initialize") return void send(initializeResult(id), id);
      if (message.method !== "tools/call") {
        return void send({ jsonrpc: "2.0", id, result: { echo: message.method } }, id);
      }
      const progressToken = message.params?._meta?.progressToken;
      void (async () => {
        for (let step = 1; step <= STEPS; step++) {
          await delay(15);
          await send(
            {
              jsonrpc: "2.0",
              method: "notifications/progress",
              params: { progressToken, progress: step, total: STEPS },
            },
            id,
          );
        }
        await send({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "done" }] } }, id);
      })();
    },
    onUnreadable: () => {},
    onClose: () => {},
  });
}

async function connect(server: TestServer, exchanges: HttpExchange[]) {
  const transport = clientTransport(server.url, {
    onExchange: (exchange) => exchanges.push(exchange),
    reconnect: { initialDelayMs: 5, minDelayMs: 0 },
  });
  const era = new SessionClientEra({ clientInfo: { name: "t", version: "1" } });
  const connection = new Connection({ era });
  const serving = server.next().then(serveSlowly);
  await connection.connect(transport);
  open.push(transport);
  await era.initialize();
  await serving;
  return { transport, connection };
}

describeEachSender("resumption against the real handler (SSE polling, event store)", () => {
  it("a POST stream the server closes early is resumed until the answer: every progress once, in order", async () => {
    const server = await startServer({ closeSseAfterMs: 40, sseRetryMs: 10 });
    open.push(server.http);
    const exchanges: HttpExchange[] = [];
    const { transport, connection } = await connect(server, exchanges);

    const progress: number[] = [];
    const result = await connection.request(
      "tools/call",
      { name: "slow", arguments: {} },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const resumes = exchanges.filter((e) => e.purpose === "resume");
    // 8 × 15 ms of work with the connection closed every 40 ms: it took several resumptions.
    expect(resumes.length).toBeGreaterThanOrEqual(2);
    expect(resumes.every((e) => e.method === "GET" && e.status === 200)).toBe(true);
    expect(transport.closeError).toBeUndefined();
  });

  it("a cut connection under the GET stream is resumed with Last-Event-ID: every notification once, in order", async () => {
    const server = await startServer({ sseRetryMs: 10 });
    open.push(server.http);
    const proxy = await CuttableProxy.start(server.url);
    open.push(proxy);
    const exchanges: HttpExchange[] = [];
    const transport = clientTransport(proxy.url, {
      onExchange: (exchange) => exchanges.push(exchange),
      reconnect: { initialDelayMs: 20, minDelayMs: 0 },
    });
    open.push(transport);
    const recorder = new Recorder();
    await transport.start(recorder);
    const serverSide = server.next();
    const serving = serverSide.then(serveSlowly);
    await transport.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    await serving;
    await recorder.until(() => recorder.messages.length === 1, "the initialize result");
    await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const until = async (condition: () => boolean, what: string) => {
      for (let waited = 0; !condition(); waited += 5) {
        if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
        await delay(5);
      }
    };
    await until(
      () => exchanges.some((e) => e.purpose === "standalone" && e.status === 200),
      "the GET stream",
    );

    const session = await serverSide;
    const notes = Array.from({ length: 20 }, (_, i) => ({
      jsonrpc: "2.0",
      method: "notifications/message",
      params: { level: "info", data: i + 1 },
    }));
    for (const [i, payload] of notes.entries()) {
      if (i === 8) {
        await until(() => recorder.messages.length === 9, "the first eight notifications");
        proxy.cutAll();
      }
      await session.send(payload as JsonRpcPayload);
      await delay(5);
    }
    await recorder.until(() => recorder.messages.length === 21, "all twenty notifications", 10_000);
    await delay(50);
    expect(recorder.messages.slice(1)).toEqual(notes);
    const resumes = exchanges.filter((e) => e.purpose === "resume");
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    expect(resumes.at(-1)?.status).toBe(200);
    expect(transport.closeError).toBeUndefined();
  });
});
