import { setTimeout as delay } from "node:timers/promises";
import { Connection, type JsonRpcRequest, LocalError, MetaKey, StatelessClientEra } from "@mcpkit/core";
import { expect, it } from "vitest";
import { type StreamableHttpClientTransport, headerValue } from "../src/index.js";
import {
  type Arrival,
  ScriptedServer,
  dropConnection,
  idOf,
  methodOf,
  note,
  openSse,
  sendJson,
  sseEvent,
  closedAfterEach,
} from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const VERSION = "2026-07-28";
const META = { [MetaKey.protocolVersion]: VERSION, [MetaKey.clientCapabilities]: {} };
const CAPABILITIES = { tools: { listChanged: true }, prompts: {}, resources: {} };

/**
 * A scripted stateless server: `server/discover`, list and get methods answer at once; anything
 * else goes to `extra` (which must answer).
 */
async function statelessServer(extra?: (arrival: Arrival) => void | Promise<void>): Promise<ScriptedServer> {
  const server = await ScriptedServer.start(async (arrival) => {
    const id = idOf(arrival);
    const method = methodOf(arrival);
    if (arrival.method !== "POST") return void arrival.res.writeHead(405).end();
    if (id === undefined) return void arrival.res.writeHead(202).end();
    if (method === "server/discover") {
      return void sendJson(arrival.res, 200, {
        jsonrpc: "2.0",
        id,
        result: {
          resultType: "complete",
          supportedVersions: [VERSION],
          capabilities: CAPABILITIES,
          ttlMs: 0,
          cacheScope: "public",
        },
      });
    }
    if (extra) return extra(arrival);
    sendJson(arrival.res, 200, { jsonrpc: "2.0", id, result: { resultType: "complete", echo: method } });
  });
  open.push(server);
  return server;
}

function transportTo(server: ScriptedServer): StreamableHttpClientTransport {
  const transport = clientTransport(server.url, { reconnect: { initialDelayMs: 1, minDelayMs: 0 } });
  open.push(transport);
  return transport;
}

async function statelessConnection(server: ScriptedServer) {
  const transport = transportTo(server);
  const era = new StatelessClientEra({ clientInfo: { name: "t", version: "1" } });
  const connection = new Connection({ era, validateResults: false });
  await connection.connect(transport);
  return { transport, era, connection };
}

function listen(id: number): JsonRpcRequest {
  return {
    jsonrpc: "2.0",
    id,
    method: "subscriptions/listen",
    params: { notifications: { toolsListChanged: true }, _meta: META },
  };
}

describeEachSender("stateless-era requests (2026-07-28)", () => {
  it("carry the version and the mirrored Mcp-Method / Mcp-Name headers, and no session", async () => {
    const server = await statelessServer();
    const { era, connection } = await statelessConnection(server);
    await era.discover();
    await connection.request("tools/call", { name: "get_weather", arguments: {} });
    await connection.request("tools/call", { name: "Hello, 世界", arguments: {} });
    await connection.request("prompts/get", { name: " padded " });
    await connection.request("resources/read", { uri: "file:///a b.txt" });
    await connection.request("tools/list", {});

    const seen = server.arrivals.map((a) => [
      a.method,
      a.headers["mcp-protocol-version"],
      a.headers["mcp-method"],
      a.headers["mcp-name"],
      a.headers["mcp-session-id"],
    ]);
    expect(seen).toEqual([
      ["POST", VERSION, "server/discover", undefined, undefined],
      ["POST", VERSION, "tools/call", "get_weather", undefined],
      ["POST", VERSION, "tools/call", "=?base64?SGVsbG8sIOS4lueVjA==?=", undefined],
      ["POST", VERSION, "prompts/get", "=?base64?IHBhZGRlZCA=?=", undefined],
      ["POST", VERSION, "resources/read", "file:///a b.txt", undefined],
      ["POST", VERSION, "tools/list", undefined, undefined],
    ]);
    // No standalone GET stream in this era.
    await delay(30);
    expect(server.of("GET")).toEqual([]);
  });

  it("base64-wraps header values that are not plain printable ASCII", () => {
    expect(headerValue("tools/call")).toBe("tools/call");
    expect(headerValue("line1\nline2")).toBe("=?base64?bGluZTEKbGluZTI=?=");
    expect(headerValue("tab\there")).toBe("=?base64?dGFiCWhlcmU=?=");
    expect(headerValue("")).toBe("");
  });

  it("do not wait for each other: a slow call does not hold back the next", async () => {
    let releaseSlow: () => void = () => {};
    const slowReleased = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const server = await statelessServer(async (arrival) => {
      const name = (arrival.json as { params?: { name?: string } }).params?.name;
      if (name === "slow") await slowReleased;
      sendJson(arrival.res, 200, {
        jsonrpc: "2.0",
        id: idOf(arrival),
        result: { resultType: "complete", content: [], name },
      });
    });
    const { era, connection } = await statelessConnection(server);
    await era.discover();
    const slow = connection.request("tools/call", { name: "slow" });
    const fast = await connection.request("tools/call", { name: "fast" });
    expect(fast.name).toBe("fast");
    releaseSlow();
    expect((await slow).name).toBe("slow");
  });

  it("an HTTP error whose body answers the request is delivered as that answer (-32022)", async () => {
    const server = await statelessServer();
    server.script = (arrival) =>
      sendJson(arrival.res, 400, {
        jsonrpc: "2.0",
        id: idOf(arrival),
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: { supported: ["2027-01-01"], requested: VERSION },
        },
      });
    const { era, transport } = await statelessConnection(server);
    await expect(era.discover()).rejects.toMatchObject({
      name: "LocalError",
      code: "version_rejected",
      message: `The server does not support protocol version ${VERSION}`,
    });
    expect(transport.closeError).toBeUndefined();
  });
});

describeEachSender("stateless streams", () => {
  it("a subscriptions/listen stream stays open delivering notifications; cancelling aborts its fetch", async () => {
    const ack = note("notifications/subscriptions/acknowledged", {
      _meta: { [MetaKey.protocolVersion]: VERSION },
    });
    const changed = note("notifications/tools/list_changed", {
      _meta: { "io.modelcontextprotocol/subscriptionId": 5 },
    });
    const server = await statelessServer(async (arrival) => {
      openSse(arrival.res);
      arrival.res.write(sseEvent({ data: ack }));
      await delay(40);
      arrival.res.write(sseEvent({ data: changed }));
      await delay(40);
      arrival.res.write(`: keep-alive\n\n${sseEvent({ data: changed })}`);
    });
    const transport = transportTo(server);
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.send(listen(5));
    await recorder.until(() => recorder.messages.length === 3, "the acknowledgement and two changes");
    expect(recorder.messages).toEqual([ack, changed, changed]);
    const stream = server.arrivals[0] as Arrival;
    await delay(50);
    expect(stream.abortedByClient()).toBe(false);

    await transport.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5 } });
    await stream.gone;
    expect(stream.abortedByClient()).toBe(true);
    // The cancellation is the closed stream: no notification is POSTed.
    expect(server.arrivals).toHaveLength(1);
    expect(recorder.closes).toEqual([]);
    expect(transport.closeError).toBeUndefined();
    // The transport is still usable.
    await transport.send({ jsonrpc: "2.0", id: 6, method: "tools/list", params: { _meta: META } });
    await recorder.until(() => recorder.messages.length === 4, "the tools/list answer");
  });

  it("a request aborted through the connection closes its HTTP stream", async () => {
    const server = await statelessServer((arrival) => {
      openSse(arrival.res);
      arrival.res.write(sseEvent({ data: note("notifications/subscriptions/acknowledged") }));
    });
    const { era, connection } = await statelessConnection(server);
    await era.discover();
    const aborter = new AbortController();
    const listening = connection.request(
      "subscriptions/listen",
      { notifications: { toolsListChanged: true } },
      { signal: aborter.signal },
    );
    await server.until(() => server.arrivals.length === 2, "the listen POST");
    const stream = server.arrivals[1] as Arrival;
    aborter.abort("done listening");
    await expect(listening).rejects.toMatchObject({ name: "LocalError", code: "cancelled" });
    await stream.gone;
    expect(stream.abortedByClient()).toBe(true);
    expect(server.arrivals.map(methodOf)).toEqual(["server/discover", "subscriptions/listen"]);
  });

  it("close() aborts every request in flight", async () => {
    const server = await statelessServer(() => {
      // Never answers.
    });
    const transport = transportTo(server);
    await transport.start(new Recorder());
    // The server sends no headers, so this send settles only when the transport closes.
    const sending = transport.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "hang", _meta: META },
    });
    await server.until(() => server.arrivals.length === 1, "the POST");
    const pending = server.arrivals[0] as Arrival;
    await transport.close();
    await expect(sending).rejects.toMatchObject({ name: "LocalError", code: "connection_closed" });
    await pending.gone;
    expect(pending.abortedByClient()).toBe(true);
    expect(server.of("DELETE")).toEqual([]);
  });

  it("a broken answer stream is not resumed: the transport closes with an error", async () => {
    const server = await statelessServer(async (arrival) => {
      openSse(arrival.res);
      arrival.res.write(
        sseEvent({ id: "1", data: note("notifications/progress", { progressToken: 7, progress: 1 }) }),
      );
      await delay(10);
      dropConnection(arrival.res);
    });
    const transport = transportTo(server);
    const recorder = new Recorder();
    await transport.start(recorder);
    await transport.send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x", _meta: META } });
    await transport.closed;
    expect(recorder.closes[0]).toBeInstanceOf(LocalError);
    expect(recorder.closes[0]?.message).toBe(
      "the SSE answer to tools/call (id 7) broke off before its answer arrived; this era cannot resume a stream",
    );
    expect(server.of("GET")).toEqual([]);
  });

  it("with an engine that takes onAnswerLost, a broken answer fails only its request; the transport goes on", async () => {
    let calls = 0;
    const server = await statelessServer(async (arrival) => {
      calls += 1;
      openSse(arrival.res);
      if (calls > 1) {
        arrival.res.end(sseEvent({ id: "1", data: JSON.stringify({ jsonrpc: "2.0", id: 8, result: {} }) }));
        return;
      }
      arrival.res.write(
        sseEvent({ id: "1", data: note("notifications/progress", { progressToken: 7, progress: 1 }) }),
      );
      await delay(10);
      dropConnection(arrival.res);
    });
    const transport = transportTo(server);
    let answerLost!: (lost: [unknown, Error]) => void;
    const lost = new Promise<[unknown, Error]>((resolve) => {
      answerLost = resolve;
    });
    const recorder = Object.assign(new Recorder(), {
      onAnswerLost: (id: unknown, error: Error) => answerLost([id, error]),
    });
    await transport.start(recorder);
    await transport.send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x", _meta: META } });
    const [id, error] = await lost;
    expect(id).toBe(7);
    expect(error).toMatchObject({
      code: "transport_failed",
      message:
        "the SSE answer to tools/call (id 7) broke off before its answer arrived; this era cannot resume a stream",
    });
    await transport.send({ jsonrpc: "2.0", id: 8, method: "tools/list", params: { _meta: META } });
    await recorder.until(() => recorder.messages.length === 2, "the answer to tools/list");
    expect(recorder.messages[1]).toEqual({ jsonrpc: "2.0", id: 8, result: {} });
    expect(recorder.closes).toEqual([]);
  });
});
