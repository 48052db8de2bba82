import { afterEach, describe, expect, it } from "vitest";
import {
  bearerProtocol,
  CloseCode,
  WebSocketClientTransport,
  WebSocketClosedError,
  WebSocketUpgradeError,
} from "../src/index.js";
import { Recorder, closeOf, opened, rawClient, refusalOf, startServer, type TestServer } from "./helpers.js";

const servers: TestServer[] = [];
async function serve(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

describe("subprotocol", () => {
  it("selects mcp when offered", async () => {
    const { url, next } = await serve();
    const socket = rawClient(url, ["mcp"]);
    await opened(socket);
    expect(socket.protocol).toBe("mcp");
    await next();
    socket.close();
  });

  it("refuses a client that offers none with 400", async () => {
    const { url } = await serve();
    const refusal = await refusalOf(rawClient(url, []));
    expect(refusal.status).toBe(400);
    expect(refusal.body).toBe('the WebSocket subprotocol "mcp" is required');
  });

  it("refuses a client that offers only unknown ones with 400", async () => {
    const { url } = await serve();
    const refusal = await refusalOf(rawClient(url, ["graphql-ws", "mcp.v9"]));
    expect(refusal.status).toBe(400);
  });

  it("the client reports the refusal with its status and body", async () => {
    const { url } = await serve({ authenticate: () => null });
    const client = new WebSocketClientTransport(url);
    const error = await client.start(new Recorder()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebSocketUpgradeError);
    expect(error).toMatchObject({ name: "LocalError", code: "transport_failed", status: 401 });
  });
});

describe("messages", () => {
  it("a binary message closes the connection with 1003", async () => {
    const { url, next } = await serve();
    const socket = rawClient(url);
    await opened(socket);
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    const closing = closeOf(socket);
    socket.send(Buffer.from('{"jsonrpc":"2.0","method":"x"}'));
    expect(await closing).toEqual({
      code: 1003,
      reason: "binary messages are not supported; send JSON text",
    });
    await recorder.closed();
    expect(recorder.messages).toEqual([]);
    expect(recorder.closes[0]).toBeInstanceOf(WebSocketClosedError);
    expect(recorder.closes[0]).toMatchObject({
      closeCode: 1003,
      closedByThisSide: true,
      code: "transport_failed",
    });
  });

  it("a text message that is not JSON is reported as unreadable and the connection goes on", async () => {
    const { url, next } = await serve();
    const socket = rawClient(url);
    await opened(socket);
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    socket.send("{nope");
    socket.send('{"jsonrpc":"2.0","method":"after"}');
    await recorder.until(() => recorder.messages.length === 1, "the next message");
    expect(recorder.unreadable).toMatchObject([{ problem: "parse" }]);
    expect(recorder.closes).toEqual([]);
    socket.close();
  });

  it("an inbound message over the maximum closes with 1009 and says the limit", async () => {
    const { url, next } = await serve({ maxMessageBytes: 1000 });
    const socket = rawClient(url);
    await opened(socket);
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    const closing = closeOf(socket);
    socket.send(JSON.stringify({ jsonrpc: "2.0", method: "x", params: { pad: "a".repeat(1000) } }));
    expect(await closing).toEqual({ code: 1009, reason: "message too big: the maximum is 1000 bytes" });
    await recorder.closed();
    expect(recorder.closes[0]).toMatchObject({ closeCode: 1009, code: "message_too_large" });
    expect(recorder.messages).toEqual([]);
  });

  it("exactly the maximum is accepted", async () => {
    const { url, next } = await serve({ maxMessageBytes: 1000 });
    const socket = rawClient(url);
    await opened(socket);
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    const base = JSON.stringify({ pad: "" });
    socket.send(JSON.stringify({ pad: "é".repeat((1000 - base.length) / 2) }));
    await recorder.until(() => recorder.messages.length === 1, "the message");
    socket.close();
  });

  it("the client closes with 1009 when the server sends more than the client's maximum", async () => {
    const { url, next } = await serve();
    const client = new WebSocketClientTransport(url, { maxMessageBytes: 500 });
    const clientSide = new Recorder();
    await client.start(clientSide);
    const transport = await next();
    const serverSide = new Recorder();
    await transport.start(serverSide);
    await transport.send({ jsonrpc: "2.0", method: "big", params: { pad: "x".repeat(600) } });
    await Promise.all([clientSide.closed(), serverSide.closed()]);
    expect(clientSide.closes[0]).toMatchObject({ closeCode: 1009, closedByThisSide: true });
    expect(serverSide.closes[0]).toMatchObject({
      closeCode: 1009,
      closeReason: "message too big: the maximum is 500 bytes",
      closedByThisSide: false,
    });
  });
});

describe("Origin", () => {
  it("refuses an origin that is not allowed with 403", async () => {
    const { url } = await serve({ allowedOrigins: ["https://app.example.com"] });
    const refusal = await refusalOf(rawClient(url, ["mcp"], { origin: "https://evil.example.net" }));
    expect(refusal).toMatchObject({
      status: 403,
      body: "the origin https://evil.example.net is not allowed",
    });
  });

  it("refuses any origin by default", async () => {
    const { url } = await serve();
    const refusal = await refusalOf(rawClient(url, ["mcp"], { origin: "http://127.0.0.1:1234" }));
    expect(refusal.status).toBe(403);
  });

  it("accepts an allowed origin, and a request without one", async () => {
    const { url, next } = await serve({ allowedOrigins: (origin) => origin === "https://app.example.com" });
    const browser = rawClient(url, ["mcp"], { origin: "https://app.example.com" });
    const tool = rawClient(url);
    await Promise.all([opened(browser), opened(tool)]);
    await next();
    await next();
    browser.close();
    tool.close();
  });
});

describe("keep-alive", () => {
  it("closes with 4000 when a ping goes unanswered", async () => {
    const { url, next } = await serve({ pingIntervalMs: 50, pongTimeoutMs: 100, closeTimeoutMs: 500 });
    const socket = rawClient(url, ["mcp"], { autoPong: false });
    await opened(socket);
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    expect(await closeOf(socket)).toEqual({
      code: 4000,
      reason: "keep-alive timeout: no pong within 100 ms",
    });
    await recorder.closed();
    expect(recorder.closes[0]).toMatchObject({
      closeCode: CloseCode.KeepAliveTimeout,
      closedByThisSide: true,
    });
  });

  it("keeps a client that answers pings", async () => {
    const { url, next } = await serve({ pingIntervalMs: 30, pongTimeoutMs: 60 });
    const client = new WebSocketClientTransport(url);
    const recorder = new Recorder();
    await client.start(recorder);
    const transport = await next();
    let pings = 0;
    await transport.start(new Recorder());
    (client as unknown as { socket: { on(event: string, f: () => void): void } }).socket.on(
      "ping",
      () => pings++,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(recorder.closes).toEqual([]);
    await client.close();
  });
});

describe("authorization", () => {
  const verify = ({ token }: { token: string | undefined }) =>
    token === "s3cret" ? { token, clientId: "app", scopes: ["tools"] } : null;

  it("refuses missing credentials with 401 and WWW-Authenticate", async () => {
    const { url } = await serve({ authenticate: verify });
    const refusal = await refusalOf(rawClient(url));
    expect(refusal).toMatchObject({ status: 401, body: "the credentials are missing or invalid" });
    expect(refusal.headers["www-authenticate"]).toBe('Bearer realm="mcp"');
  });

  it("accepts an Authorization header; the identity and headers reach every message", async () => {
    const { url, next } = await serve({ authenticate: verify });
    const client = new WebSocketClientTransport(url, { bearerToken: "s3cret", headers: { "X-Trace": "t1" } });
    await client.start(new Recorder());
    const transport = await next();
    const recorder = new Recorder();
    await transport.start(recorder);
    await client.send({ jsonrpc: "2.0", method: "hello" });
    await recorder.until(() => recorder.messages.length === 1, "the message");
    const context = recorder.contexts[0];
    expect(context?.authInfo).toEqual({ token: "s3cret", clientId: "app", scopes: ["tools"] });
    expect(context?.headers?.["x-trace"]).toBe("t1");
    expect(context?.headers?.authorization).toBeUndefined();
    await client.close();
  });

  it("accepts a bearer subprotocol entry and never selects it", async () => {
    const { url, next } = await serve({ authenticate: verify });
    const socket = rawClient(url, ["mcp", bearerProtocol("s3cret")]);
    await opened(socket);
    expect(socket.protocol).toBe("mcp");
    const transport = await next();
    expect(transport.context.authInfo?.clientId).toBe("app");
    expect(transport.context.headers?.["sec-websocket-protocol"]).toBe("mcp");
    socket.close();
  });

  it("refuses credentials in both places with 400", async () => {
    const { url } = await serve({ authenticate: verify });
    const socket = rawClient(url, ["mcp", bearerProtocol("s3cret")], {
      headers: { Authorization: "Bearer s3cret" },
    });
    expect(await refusalOf(socket)).toMatchObject({
      status: 400,
      body: "credentials in both the Authorization header and the subprotocol list",
    });
  });

  it("closes with 1008 when the token expires", async () => {
    const { url, next } = await serve({
      authenticate: ({ token }) => ({ token: token ?? "", expiresAt: Date.now() / 1000 + 0.2 }),
    });
    const client = new WebSocketClientTransport(url, { bearerToken: "short-lived" });
    const recorder = new Recorder();
    await client.start(recorder);
    await (await next()).start(new Recorder());
    await recorder.closed();
    expect(recorder.closes[0]).toMatchObject({ closeCode: 1008, closeReason: "authorization expired" });
  });
});

describe("close codes", () => {
  it("the client sees 1001 when the server shuts down", async () => {
    const { server, url, next } = await serve();
    const client = new WebSocketClientTransport(url);
    const recorder = new Recorder();
    await client.start(recorder);
    await (await next()).start(new Recorder());
    await server.close();
    await recorder.closed();
    expect(recorder.closes[0]).toMatchObject({
      closeCode: 1001,
      closeReason: "the server is shutting down",
      code: "connection_closed",
    });
  });

  it("a failing connection handler closes with 1011", async () => {
    const { url } = await serve({
      onConnection: () => {
        throw new Error("boom");
      },
    });
    const socket = rawClient(url);
    expect(await closeOf(socket)).toEqual({
      code: 1011,
      reason: "the server failed to serve the connection",
    });
  });

  it("a normal closure from either side is no error", async () => {
    const { url, next } = await serve();
    const client = new WebSocketClientTransport(url);
    const clientSide = new Recorder();
    await client.start(clientSide);
    const transport = await next();
    const serverSide = new Recorder();
    await transport.start(serverSide);
    await transport.close();
    await clientSide.closed();
    expect(clientSide.closes).toEqual([undefined]);
    expect(serverSide.closes).toEqual([undefined]);
  });
});
