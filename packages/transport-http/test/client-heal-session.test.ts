// The client heals an expired session (issue 24): the server ends the session on its side
// (as a DELETE or an idle timeout would) and the client re-initializes on a new one over real
// Streamable HTTP on 127.0.0.1, sends again what is safe to send again, and fails the rest with
// SessionExpiredError. Nothing runs twice.
import { Client, type ClientEvents, type ClientOptions, SessionExpiredError } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import type { HttpServerTransport } from "../src/index.js";
import { serveStreamableHttp } from "../src/node.js";
import { closedAfterEach, deferred } from "./task-helpers.js";

const open = closedAfterEach();
const schema = { type: "object" } as const;

async function serve(options: Partial<ClientOptions> = {}) {
  const sessions: HttpServerTransport[] = [];
  const runs: string[] = [];
  const started = { hold: deferred<void>(), peek: deferred<void>() };
  const server = new Server({ name: "heal", version: "1" });
  server.tool({ name: "count", inputSchema: schema }, () => {
    runs.push("count");
    return { content: [{ type: "text", text: String(runs.filter((r) => r === "count").length) }] };
  });
  // Each waits until its session ends the first time it runs; it answers at once after that.
  for (const name of ["hold", "peek"] as const) {
    server.tool(
      { name, inputSchema: schema, annotations: { idempotentHint: name === "peek" } },
      async (_args, ctx) => {
        runs.push(name);
        if (runs.filter((r) => r === name).length === 1) {
          started[name].resolve();
          await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
        }
        return { content: [{ type: "text", text: `${name} done` }] };
      },
    );
  }
  server.resource({ uri: "mem://a", name: "a" }, (uri) => ({ contents: [{ uri, text: "A" }] }));
  const http = await serveStreamableHttp({
    onSession: (transport) => {
      sessions.push(transport);
      void server.connect(transport);
    },
  });
  open.push(server, http);
  const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session", ...options });
  open.unshift(client);
  const events: string[] = [];
  const lost = deferred<ClientEvents["connectionLost"]>();
  client.on("connectionLost", (event) => {
    events.push(`connectionLost ${event.reason}`);
    lost.resolve(event);
  });
  client.on("reconnecting", ({ attempt }) => events.push(`reconnecting ${attempt}`));
  client.on("reconnected", ({ attempt, revision }) => events.push(`reconnected ${attempt} ${revision}`));
  client.on("reconnectFailed", ({ error }) => events.push(`reconnectFailed ${error.message}`));
  client.on("close", ({ error }) => events.push(`close${error ? ` ${error.message}` : ""}`));
  const fast = { initialDelayMs: 10, minDelayMs: 10, maxDelayMs: 50 };
  // What the transports log (pino's signature): "severity message sessionId".
  const logged: string[] = [];
  const log =
    (severity: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      logged.push(`${severity} ${message}${fields.sessionId ? ` ${String(fields.sessionId)}` : ""}`);
    };
  const logger = { error: log("error"), warn: log("warn"), info: log("info"), debug: log("debug") };
  await client.connect(() => new StreamableHttpClientTransport(http.url, { reconnect: fast, logger }));
  return { client, server, sessions, runs, started, events, lost: lost.promise, logged };
}

function next<K extends keyof ClientEvents>(client: Client, event: K): Promise<ClientEvents[K]> {
  return new Promise((resolve) => {
    const stop = client.on(event, (value) => {
      stop();
      resolve(value);
    });
  });
}

describe("a session the server ended", () => {
  it("is initialized anew; a request refused with 404 is sent again and runs once", async () => {
    const { client, sessions, runs, events } = await serve();
    const outgoing: string[] = [];
    client.use((request, next) => {
      outgoing.push(request.method);
      return next();
    });
    expect((await client.callTool({ name: "count" })).content).toEqual([{ type: "text", text: "1" }]);
    const reconnected = next(client, "reconnected");
    await sessions[0]?.close();
    expect((await client.callTool({ name: "count" })).content).toEqual([{ type: "text", text: "2" }]);
    await reconnected;
    expect(runs).toEqual(["count", "count"]);
    // Middleware runs outside the healing: the call sent again passed through it once.
    expect(outgoing).toEqual(["tools/call", "tools/list", "tools/call"]);
    expect(sessions.length).toBe(2);
    expect(events).toEqual([
      "connectionLost session_expired",
      "reconnecting 1",
      `reconnected 1 ${client.revision}`,
    ]);
    expect((await client.listTools()).map((t) => t.name)).toEqual(["count", "hold", "peek"]);
  });

  it("requests in flight: an idempotent tool is sent again, another fails with SessionExpiredError", async () => {
    const { client, sessions, runs, started } = await serve();
    await client.listTools(); // the annotations say which tool is idempotent
    const hold = client.callTool({ name: "hold" }).catch((e: unknown) => e);
    const peek = client.callTool({ name: "peek" });
    await Promise.all([started.hold.promise, started.peek.promise]);
    const sessionId = sessions[0]?.sessionId;
    await sessions[0]?.close();
    expect((await peek).content).toEqual([{ type: "text", text: "peek done" }]);
    const error = await hold;
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({
      code: "connection_closed",
      sessionId,
      message:
        `the MCP session ${sessionId} expired before tools/call was answered; it was not sent again on the new ` +
        "session (not known to be safe to repeat: pass `retry: true` to allow it)",
    });
    expect(runs.sort()).toEqual(["hold", "peek", "peek"]);
  });

  it("retry: true lets a tool that is not annotated idempotent be sent again", async () => {
    const { client, sessions, runs, started } = await serve();
    const hold = client.callTool({ name: "hold" }, { retry: true });
    await started.hold.promise;
    await sessions[0]?.close();
    expect((await hold).content).toEqual([{ type: "text", text: "hold done" }]);
    expect(runs).toEqual(["hold", "hold"]);
  });

  it("resource subscriptions are restored on the new session", async () => {
    const { client, server, sessions } = await serve();
    await client.subscribeResource("mem://a");
    const reconnected = next(client, "reconnected");
    await sessions[0]?.close();
    await reconnected;
    await client.ping(); // the subscription was sent before `reconnected`; this orders after it
    const updated = next(client, "resourceUpdated");
    server.resourceUpdated("mem://a");
    expect(await updated).toEqual({ uri: "mem://a" });
  });

  it("reconnect: false: requests fail with SessionExpiredError and the client closes", async () => {
    const { client, sessions, runs, events, lost, logged } = await serve({ reconnect: false });
    const closed = next(client, "close");
    const sessionId = sessions[0]?.sessionId;
    await sessions[0]?.close();
    const error = await client.callTool({ name: "count" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(await lost).toEqual({ reason: "session_expired" });
    await closed;
    expect(events).toEqual(["connectionLost session_expired", "close"]);
    expect(logged).toContain(
      `warn the server answered 404 for the session: it expired or was ended ${sessionId}`,
    );
    expect(runs).toEqual([]);
    expect(sessions.length).toBe(1);
  });

  it("connected with a transport instance: the new session starts on its reopen(), without the old id", async () => {
    const sessions: HttpServerTransport[] = [];
    const server = new Server({ name: "heal", version: "1" });
    server.tool({ name: "t", inputSchema: schema }, () => ({ content: [] }));
    const http = await serveStreamableHttp({
      onSession: (transport) => {
        sessions.push(transport);
        void server.connect(transport);
      },
    });
    open.push(server, http);
    const client = new Client({ clientInfo: { name: "c", version: "1" }, mode: "session" });
    open.unshift(client);
    const first = new StreamableHttpClientTransport(http.url);
    await client.connect(first);
    await sessions[0]?.close();
    expect((await client.listTools()).map((t) => t.name)).toEqual(["t"]);
    expect(sessions.map((s) => s.sessionId)).toEqual([first.sessionId, expect.any(String)]);
    expect(sessions[1]?.sessionId).not.toBe(first.sessionId);
  });
});

describe("reopen()", () => {
  it("gives a new transport to the same URL with the same options and no session", () => {
    const headers = () => ({ "x-key": "1" });
    const transport = new StreamableHttpClientTransport("http://127.0.0.1:1/mcp", {
      sessionId: "old",
      protocolVersion: "2025-06-18",
      headers,
    });
    const fresh = transport.reopen();
    expect(fresh).not.toBe(transport);
    expect(fresh.url).toBe(transport.url);
    expect(fresh.sessionId).toBeUndefined();
    expect(fresh.protocolVersion).toBeUndefined();
  });
});
