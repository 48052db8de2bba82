import { Connection, LocalError, StatelessClientEra, StatelessServerEra } from "@mcpkit/core";
import { expect, it } from "vitest";
import { closedAfterEach } from "./client-helpers.js";
import type { HttpExchange } from "../src/index.js";
import { startServer } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

/** What the server side saw. */
interface Seen {
  readonly headers: Record<string, string>[];
  readonly cancelled: string[];
}

/**
 * A real endpoint serving the stateless era with a core engine: `tools/call` echoes its name, or
 * for `wait` waits until cancelled; `subscriptions/listen` acknowledges, sends one
 * tools/list_changed and stays open until cancelled.
 */
async function statelessEndpoint() {
  const seen: Seen = { headers: [], cancelled: [] };
  const server = await startServer({
    onSession: () => {
      throw new Error("no session-era clients in this test");
    },
    onStateless: async (transport) => {
      const era = new StatelessServerEra({
        serverInfo: { name: "e2e", version: "1" },
        capabilities: { tools: { listChanged: true } },
      });
      const engine = new Connection({ era });
      const untilCancelled = (signal: AbortSignal, what: string) =>
        new Promise<never>((_, reject) => {
          signal.addEventListener("abort", () => {
            seen.cancelled.push(what);
            reject(new Error("cancelled"));
          });
        });
      engine.setRequestHandler("tools/call", async (params, ctx) => {
        seen.headers.push({ ...ctx.context.headers });
        if (params.name === "wait") return untilCancelled(ctx.signal, "tools/call");
        return { resultType: "complete", content: [{ type: "text", text: String(params.name) }] };
      });
      engine.setRequestHandler("subscriptions/listen", async (_params, ctx) => {
        seen.headers.push({ ...ctx.context.headers });
        await ctx.sendNotification("notifications/subscriptions/acknowledged", {
          notifications: { toolsListChanged: true },
        });
        await ctx.sendNotification("notifications/tools/list_changed", {});
        return untilCancelled(ctx.signal, "subscriptions/listen");
      });
      await engine.connect(transport);
    },
  });
  open.push(server.http);
  return { server, seen };
}

async function statelessClient(url: string, exchanges: HttpExchange[] = []) {
  const transport = clientTransport(url, { onExchange: (e) => exchanges.push(e) });
  const era = new StatelessClientEra({ clientInfo: { name: "t", version: "1" } });
  const connection = new Connection({ era });
  await connection.connect(transport);
  open.push(transport);
  await era.discover();
  return { transport, connection };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describeEachSender("stateless era against the real handler", () => {
  it("requests pass the server's header checks; no session and no GET", async () => {
    const { server, seen } = await statelessEndpoint();
    const exchanges: HttpExchange[] = [];
    const { transport, connection } = await statelessClient(server.url, exchanges);
    const result = await connection.request("tools/call", { name: "Grüße", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "Grüße" }]);
    expect(seen.headers[0]?.["mcp-method"]).toBe("tools/call");
    expect(seen.headers[0]?.["mcp-name"]).toBe("=?base64?R3LDvMOfZQ==?=");
    expect(seen.headers[0]?.["mcp-protocol-version"]).toBe("2026-07-28");
    expect(seen.headers[0]?.["mcp-session-id"]).toBeUndefined();
    expect(transport.sessionId).toBeUndefined();
    expect(exchanges.map((e) => `${e.method} ${e.status}`)).toEqual(["POST 200", "POST 200"]);
  });

  it("a listen stream delivers notifications until cancelled; cancelling closes it on the server", async () => {
    const { server, seen } = await statelessEndpoint();
    const { connection } = await statelessClient(server.url);
    const arrived: string[] = [];
    connection.setNotificationHandler("notifications/subscriptions/acknowledged", () => {
      arrived.push("acknowledged");
    });
    connection.setNotificationHandler("notifications/tools/list_changed", () => {
      arrived.push("tools changed");
    });
    const aborter = new AbortController();
    const listening = connection.request(
      "subscriptions/listen",
      { notifications: { toolsListChanged: true } },
      { signal: aborter.signal },
    );
    await until(() => arrived.length === 2, "the acknowledgement and the change");
    expect(arrived).toEqual(["acknowledged", "tools changed"]);
    expect(seen.cancelled).toEqual([]);
    aborter.abort();
    await expect(listening).rejects.toBeInstanceOf(LocalError);
    await until(() => seen.cancelled.length === 1, "the server to see the cancellation");
    expect(seen.cancelled).toEqual(["subscriptions/listen"]);
  });

  it("closing the transport cancels the requests in flight on the server", async () => {
    const { server, seen } = await statelessEndpoint();
    const { transport, connection } = await statelessClient(server.url);
    const waiting = connection.request("tools/call", { name: "wait", arguments: {} });
    await until(() => seen.headers.length === 1, "the call to arrive");
    await transport.close();
    await expect(waiting).rejects.toMatchObject({ code: "connection_closed" });
    await until(() => seen.cancelled.length === 1, "the server to see the cancellation");
    expect(seen.cancelled).toEqual(["tools/call"]);
  });
});
