import { Connection, LocalError, SessionClientEra } from "@mcpkit/core";
import { expect, it, vi } from "vitest";
import {
  type HttpExchange,
  HttpStatusError,
  type OutgoingHttpRequest,
  SessionExpiredError,
  type StreamableHttpClientOptions,
  type StreamableHttpClientTransport,
} from "../src/index.js";
import {
  SESSION,
  type ScriptedServer,
  answerOnTransport,
  answerPlainly,
  initializeResult,
  methodOf,
  openSse,
  sendJson,
  closedAfterEach,
  type Script,
} from "./client-helpers.js";
import { Recorder, startServer } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const scripted = (script?: Script) => open.scripted(script);

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
} as const;
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" } as const;
const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} } as const;

/** A started transport that went through initialize with the scripted server. */
async function initialized(
  server: ScriptedServer,
  options: StreamableHttpClientOptions = {},
): Promise<{ transport: StreamableHttpClientTransport; recorder: Recorder }> {
  const transport = clientTransport(server.url, options);
  open.push(transport);
  const recorder = new Recorder();
  await transport.start(recorder);
  await transport.send(INITIALIZE);
  await recorder.until(() => recorder.messages.length === 1, "the initialize result");
  await transport.send(INITIALIZED);
  return { transport, recorder };
}

describeEachSender("session expiry", () => {
  it("a 404 on a live session closes the transport as expired, saying so", async () => {
    const server = await scripted((arrival) => {
      if (methodOf(arrival) === "tools/list") return void sendJson(arrival.res, 404, { error: "gone" });
      answerPlainly(arrival);
    });
    const { transport, recorder } = await initialized(server);
    expect(transport.sessionId).toBe(SESSION);

    const error = await transport.send(LIST).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe("connection_closed");
    expect((error as Error).message).toBe(
      "the MCP session session-1 expired or was ended by the server (HTTP 404); initialize a new session",
    );
    await transport.closed;
    expect(transport.sessionExpired).toBe(true);
    expect(transport.closeError).toBe(error);
    // The server closed it: a close from the peer's side (no error), once.
    expect(recorder.closes).toEqual([undefined]);
    await expect(transport.send(LIST)).rejects.toMatchObject({ code: "connection_closed" });
    await transport.close();
    // No DELETE for a session the server no longer knows.
    expect(server.of("DELETE")).toEqual([]);
  });

  it("through a connection, the request that met the 404 fails with the expiry error", async () => {
    const server = await scripted((arrival) => {
      if (methodOf(arrival) === "tools/list") return void arrival.res.writeHead(404).end();
      answerPlainly(arrival);
    });
    const transport = clientTransport(server.url);
    open.push(transport);
    const era = new SessionClientEra({ clientInfo: { name: "t", version: "1" } });
    const connection = new Connection({ era });
    await connection.connect(transport);
    await era.initialize();
    const failure = await connection.request("tools/list", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionExpiredError);
    expect((failure as Error).message).toBe(
      "the MCP session session-1 expired or was ended by the server (HTTP 404); initialize a new session",
    );
    await transport.closed;
    expect(transport.sessionExpired).toBe(true);
    await expect(connection.request("tools/list", {})).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("a 404 before there is a session is only an HTTP error", async () => {
    const server = await scripted(
      (arrival) => void arrival.res.writeHead(404, "Not Found").end("no MCP here"),
    );
    const transport = clientTransport(server.url);
    open.push(transport);
    await transport.start(new Recorder());
    await expect(transport.send(INITIALIZE)).rejects.toMatchObject({
      name: "HttpStatusError",
      status: 404,
      message: "the server answered HTTP 404 Not Found: no MCP here",
    });
    expect(transport.sessionExpired).toBe(false);
  });

  it("against the real handler: a session ended on the server is seen as expired", async () => {
    const server = await startServer();
    open.push(server.http);
    const transport = clientTransport(server.url, { reconnect: { initialDelayMs: 10, minDelayMs: 0 } });
    const era = new SessionClientEra({ clientInfo: { name: "t", version: "1" } });
    const connection = new Connection({ era });
    const serverSide = server.next();
    const ready = serverSide.then((session) => answerOnTransport(session));
    await connection.connect(transport);
    await era.initialize();
    await ready;
    await (await serverSide).close();
    // The GET stream ends with the session; reopening it gets 404.
    await transport.closed;
    expect(transport.sessionExpired).toBe(true);
    expect(transport.closeError?.message).toMatch(
      /^the MCP session [\x21-\x7e]+ expired or was ended by the server \(HTTP 404\); initialize a new session$/,
    );
    await expect(connection.request("tools/list", {})).rejects.toMatchObject({ code: "connection_closed" });
  });
});

describeEachSender("DELETE on close", () => {
  it("sends DELETE with the session id and version; a 405 answer is fine", async () => {
    const exchanges: HttpExchange[] = [];
    const server = await scripted((arrival) => {
      if (arrival.method === "DELETE") return void arrival.res.writeHead(405, "Method Not Allowed").end();
      answerPlainly(arrival);
    });
    const { transport, recorder } = await initialized(server, { onExchange: (e) => exchanges.push(e) });
    await transport.close();
    const deletes = server.of("DELETE");
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.headers["mcp-session-id"]).toBe(SESSION);
    expect(deletes[0]?.headers["mcp-protocol-version"]).toBe("2025-11-25");
    expect(exchanges.at(-1)).toEqual({
      method: "DELETE",
      url: server.url,
      purpose: "terminate",
      status: 405,
      statusText: "Method Not Allowed",
    });
    expect(recorder.closes).toEqual([undefined]);
    expect(transport.closeError).toBeUndefined();
  });
});

describeEachSender("HTTP status exposure", () => {
  it("HttpStatusError carries the status, status text, body and the JSON-RPC error; the transport stays open", async () => {
    const refusal = { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Bad Request: no" } };
    let refuse = true;
    const server = await scripted((arrival) => {
      if (methodOf(arrival) === "tools/list" && refuse) {
        refuse = false;
        return void sendJson(arrival.res, 400, refusal);
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await initialized(server);
    const error = (await transport.send(LIST).catch((e: unknown) => e)) as HttpStatusError;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(400);
    expect(error.statusText).toBe("Bad Request");
    expect(error.body).toBe(JSON.stringify(refusal));
    expect(error.rpcError).toEqual({ code: -32600, message: "Bad Request: no" });
    expect(error.message).toBe("the server answered HTTP 400 Bad Request: Bad Request: no (-32600)");
    // Still usable.
    await transport.send({ ...LIST, id: 3 });
    await recorder.until(() => recorder.messages.length === 2, "the second answer");
    expect(recorder.messages[1]).toEqual({ jsonrpc: "2.0", id: 3, result: { echo: "tools/list" } });
  });

  it("a body that is not JSON-RPC leaves rpcError undefined; response headers are kept", async () => {
    const server = await scripted((arrival) => {
      if (methodOf(arrival) === "tools/list") {
        return void arrival.res
          .writeHead(401, "Unauthorized", { "www-authenticate": 'Bearer realm="mcp"' })
          .end("login first");
      }
      answerPlainly(arrival);
    });
    const { transport } = await initialized(server);
    const error = (await transport.send(LIST).catch((e: unknown) => e)) as HttpStatusError;
    expect([error.status, error.statusText, error.body, error.rpcError]).toEqual([
      401,
      "Unauthorized",
      "login first",
      undefined,
    ]);
    expect(error.headers.get("www-authenticate")).toBe('Bearer realm="mcp"');
  });

  it("onExchange reports every exchange, failed ones included", async () => {
    const exchanges: HttpExchange[] = [];
    const server = await scripted();
    const { transport } = await initialized(server, { onExchange: (e) => exchanges.push(e) });
    // The GET's answer must be in before close, or close aborts it (reported with status 0).
    await vi.waitFor(() => expect(exchanges.some((e) => e.method === "GET")).toBe(true), { timeout: 5000 });
    await transport.close();
    const seen = exchanges.map((e) => `${e.method} ${e.purpose} ${e.status}`);
    expect([...seen].sort()).toEqual(
      ["DELETE terminate 204", "GET standalone 405", "POST message 200", "POST message 202"].sort(),
    );
    expect(seen[0]).toBe("POST message 200");
    expect(seen.at(-1)).toBe("DELETE terminate 204");

    // Nothing listens on the port any more: the POST fails, reported with status 0.
    await server.close();
    const failed: HttpExchange[] = [];
    const lost = clientTransport(server.url, { onExchange: (e) => failed.push(e) });
    await lost.start(new Recorder());
    await expect(lost.send(INITIALIZE)).rejects.toMatchObject({
      name: "LocalError",
      code: "transport_failed",
    });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ method: "POST", purpose: "message", status: 0, statusText: "" });
    expect(failed[0]?.error).toBeInstanceOf(Error);
    await lost.close();
  });
});

describeEachSender("the header hook", () => {
  it("is asked per request; its Authorization reaches the server on POST, GET and DELETE", async () => {
    const asked: OutgoingHttpRequest[] = [];
    const server = await scripted((arrival) => {
      if (arrival.method === "GET") return openSse(arrival.res);
      answerPlainly(arrival);
    });
    const { transport } = await initialized(server, {
      headers: async (request) => {
        asked.push(request);
        return { authorization: `Bearer token-${asked.length}` };
      },
    });
    await server.until(() => server.of("GET").length === 1, "the GET stream");
    await transport.close();

    expect(server.arrivals.map((a) => a.method).sort()).toEqual(["DELETE", "GET", "POST", "POST"]);
    expect(asked).toHaveLength(server.arrivals.length);
    for (const arrival of server.arrivals)
      expect(arrival.headers.authorization).toMatch(/^Bearer token-[1-4]$/);
    // One token per request: the hook ran for each.
    expect(new Set(server.arrivals.map((a) => a.headers.authorization)).size).toBe(4);
    expect(asked[0]).toEqual({
      method: "POST",
      url: server.url,
      sessionId: undefined,
      purpose: "message",
      message: INITIALIZE,
    });
    expect(asked.find((a) => a.method === "GET")).toEqual({
      method: "GET",
      url: server.url,
      sessionId: SESSION,
      purpose: "standalone",
      message: undefined,
    });
    expect(asked.at(-1)).toEqual({
      method: "DELETE",
      url: server.url,
      sessionId: SESSION,
      purpose: "terminate",
      message: undefined,
    });
  });

  it("may override the transport's own headers", async () => {
    const server = await scripted((arrival) => {
      if (methodOf(arrival) === "initialize") return void sendJson(arrival.res, 200, initializeResult(1));
      answerPlainly(arrival);
    });
    const transport = clientTransport(server.url, {
      headers: () => new Headers({ "mcp-protocol-version": "2025-06-18", "x-trace": "abc" }),
    });
    open.push(transport);
    await transport.start(new Recorder());
    await transport.send(INITIALIZE);
    expect(server.arrivals[0]?.headers["mcp-protocol-version"]).toBe("2025-06-18");
    expect(server.arrivals[0]?.headers["x-trace"]).toBe("abc");
  });
});

describeEachSender("POST order against a server that answers with one JSON body", () => {
  const SLOW = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "slow" } } as const;
  const CANCEL = {
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: 7, reason: "no longer needed" },
  } as const;

  it("a slow call's missing headers hold neither later requests nor its cancellation", async () => {
    let releaseSlow: () => void = () => {};
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) === "tools/call") {
        await slowHeld; // JSON: no headers until the result
        return void sendJson(arrival.res, 200, { jsonrpc: "2.0", id: 7, result: { content: [] } });
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await initialized(server);
    const slow = transport.send(SLOW);
    const list = transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 2, "the tools/list result");
    expect(recorder.messages[1]).toEqual({ jsonrpc: "2.0", id: 2, result: { echo: "tools/list" } });
    await transport.send(CANCEL);
    await server.until(
      () => server.arrivals.some((a) => methodOf(a) === "notifications/cancelled"),
      "the cancel",
    );
    // Sent in order, each POSTed while the slow call was still unanswered.
    expect(server.arrivals.filter((a) => a.method === "POST").map(methodOf)).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/call",
      "tools/list",
      "notifications/cancelled",
    ]);
    releaseSlow();
    await Promise.all([slow, list]);
  });

  it("with a long requestOrderHoldMs the next request waits for the slow call's headers", async () => {
    let releaseSlow: () => void = () => {};
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) === "tools/call") {
        await slowHeld;
        return void sendJson(arrival.res, 200, { jsonrpc: "2.0", id: 7, result: { content: [] } });
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await initialized(server, { requestOrderHoldMs: 60_000 });
    void transport.send(SLOW);
    const list = transport.send(LIST);
    await server.until(() => server.arrivals.some((a) => methodOf(a) === "tools/call"), "the slow call");
    await new Promise((resolve) => setTimeout(resolve, 200)); // well past the default 50 ms hold
    expect(server.arrivals.some((a) => methodOf(a) === "tools/list")).toBe(false);
    releaseSlow();
    await list;
    await recorder.until(() => recorder.messages.length === 3, "both results");
    expect(recorder.messages.slice(1)).toEqual([
      { jsonrpc: "2.0", id: 7, result: { content: [] } },
      { jsonrpc: "2.0", id: 2, result: { echo: "tools/list" } },
    ]);
  });
});
