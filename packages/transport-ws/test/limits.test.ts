import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { serveWebSocket } from "../src/index.js";
import {
  Recorder,
  closeOf,
  opened,
  rawClient,
  refusalOf,
  startServer,
  type TestServer,
  withTimeout,
} from "./helpers.js";
import { closeFrameOf, frameHeader, rawUpgrade } from "./raw-frames.js";

const servers: TestServer[] = [];
async function serve(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

/** Waits, a bounded number of times, for a condition only polling can see. */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never came true: ${what}`);
}

/** A raw client whose server transport is started, recording what the server receives. */
async function connected(
  server: TestServer,
  protocols?: string[],
  options?: ConstructorParameters<typeof WebSocket>[2],
) {
  const socket = rawClient(server.url, protocols, options);
  await opened(socket);
  const transport = await server.next();
  const received = new Recorder();
  await transport.start(received);
  return { socket, transport, received };
}

describe("maxConnections", () => {
  it("refuses an upgrade over the cap with 503 and Retry-After before the handshake; the open ones go on", async () => {
    const server = await serve({ maxConnections: 2 });
    const a = await connected(server);
    const b = await connected(server);
    const refused = await refusalOf(rawClient(server.url));
    expect(refused).toMatchObject({
      status: 503,
      body: "the server is at its limit of 2 connections; retry later",
      headers: { "retry-after": "5", connection: "close" },
    });
    a.socket.send(JSON.stringify({ jsonrpc: "2.0", method: "still/here" }));
    await a.received.until(() => a.received.messages.length === 1, "a's message");
    // A closed connection frees its slot.
    b.socket.close();
    await b.transport.closed;
    const c = rawClient(server.url);
    await opened(c);
    expect(server.server.connections).toBe(2);
    c.close();
  });

  it("counts upgrades still being authenticated, so concurrent ones cannot overshoot", async () => {
    let admit!: () => void;
    const gate = new Promise<void>((resolve) => {
      admit = resolve;
    });
    const server = await serve({
      maxConnections: 2,
      authenticate: async () => {
        await gate;
        return { token: "t" };
      },
    });
    const outcomes = [1, 2, 3].map((n) => {
      const socket = rawClient(server.url);
      return withTimeout(
        new Promise<string>((resolve) => {
          socket.once("open", () => resolve("open"));
          socket.once("unexpected-response", (_request, response) => {
            resolve(`refused ${response.statusCode}`);
            socket.terminate();
          });
        }),
        5000,
        `client ${n}`,
      );
    });
    // The third is refused while the first two still wait for `authenticate`.
    expect(await Promise.race(outcomes)).toBe("refused 503");
    admit();
    expect((await Promise.all(outcomes)).sort()).toEqual(["open", "open", "refused 503"]);
  });

  it("is checked when the server starts: a positive integer", async () => {
    await expect(serveWebSocket({ maxConnections: 0, onConnection: () => {} })).rejects.toThrow(
      new RangeError("maxConnections must be a positive integer (got 0)"),
    );
  });
});

describe("maxIncompleteMessageBytes", () => {
  const limits = { maxMessageBytes: 4000, maxIncompleteMessageBytes: 4000, closeTimeoutMs: 200 };
  const reason = "server busy: incomplete messages across connections are over 4000 bytes";

  it("closes with 1009 the connection whose fragment takes the server over; the others keep their messages", async () => {
    const server = await serve(limits);
    const b = await connected(server);
    const a = await connected(server);
    const start = '{"jsonrpc":"2.0","method":"x","params":{"pad":"';
    b.socket.send(start + "b".repeat(1500), { fin: false });
    await eventually(
      () => server.server.incompleteMessageBytes === start.length + 1500,
      "b's fragment counted",
    );
    const closing = closeOf(a.socket);
    a.socket.send(start + "a".repeat(3000), { fin: false });
    expect(await closing).toEqual({ code: 1009, reason });
    await a.received.closed();
    expect(a.received.closes[0]).toMatchObject({
      closeCode: 1009,
      closeReason: reason,
      closedByThisSide: true,
    });
    // a's bytes no longer count; b finishes its message.
    expect(server.server.incompleteMessageBytes).toBe(start.length + 1500);
    b.socket.send('"}}', { fin: true });
    await b.received.until(() => b.received.messages.length === 1, "b's message");
    expect(b.received.messages).toEqual([{ jsonrpc: "2.0", method: "x", params: { pad: "b".repeat(1500) } }]);
    expect(server.server.incompleteMessageBytes).toBe(0);
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
    b.socket.close();
  });

  it("counts the part of a frame still arriving, not only whole fragments", async () => {
    const server = await serve(limits);
    const payload = Buffer.from(`"${"x".repeat(3898)}"`);
    const b = await rawUpgrade(server.url);
    const bTransport = await server.next();
    const bReceived = new Recorder();
    await bTransport.start(bReceived);
    const a = await rawUpgrade(server.url);
    const aTransport = await server.next();
    await aTransport.start(new Recorder());
    // One unfragmented frame each, announced whole and sent in part.
    b.write(Buffer.concat([frameHeader(0x1, true, payload.length), payload.subarray(0, 2000)]));
    a.write(Buffer.concat([frameHeader(0x1, true, payload.length), payload.subarray(0, 1000)]));
    await eventually(() => server.server.incompleteMessageBytes === 3000, "both partial frames counted");
    const closing = closeFrameOf(a);
    a.write(payload.subarray(1000, 2500));
    expect(await closing).toEqual({ code: 1009, reason });
    await aTransport.closed;
    expect(server.server.incompleteMessageBytes).toBe(2000);
    b.write(payload.subarray(2000));
    await bReceived.until(() => bReceived.messages.length === 1, "b's message");
    expect(bReceived.messages).toEqual(["x".repeat(3898)]);
    expect(server.server.incompleteMessageBytes).toBe(0);
    a.destroy();
    b.destroy();
  });

  it("gives back a connection's bytes when it closes mid-message", async () => {
    const server = await serve(limits);
    const a = await connected(server);
    a.socket.send("x".repeat(2000), { fin: false });
    await eventually(() => server.server.incompleteMessageBytes === 2000, "the fragment counted");
    a.socket.terminate();
    await a.transport.closed;
    expect(server.server.incompleteMessageBytes).toBe(0);
  });

  it("must be at least maxMessageBytes, and defaults to 8 times it", async () => {
    await expect(
      serveWebSocket({ maxMessageBytes: 1000, maxIncompleteMessageBytes: 999, onConnection: () => {} }),
    ).rejects.toThrow(
      new RangeError(
        "maxIncompleteMessageBytes (999) must be at least maxMessageBytes (1000), or no message that large could arrive",
      ),
    );
    const server = await serve({ maxMessageBytes: 1000, closeTimeoutMs: 200 });
    const eight = [];
    for (let i = 0; i < 8; i++) eight.push(await connected(server));
    for (const { socket } of eight) socket.send("x".repeat(950), { fin: false });
    await eventually(() => server.server.incompleteMessageBytes === 8 * 950, "eight fragments counted");
    const ninth = await connected(server);
    const closing = closeOf(ninth.socket);
    ninth.socket.send("x".repeat(950), { fin: false });
    expect(await closing).toEqual({
      code: 1009,
      reason: "server busy: incomplete messages across connections are over 8000 bytes",
    });
    for (const { socket } of eight) expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe("firstMessageTimeoutMs", () => {
  const reason = "no complete message within 300 ms of connecting";

  it("closes with 1008 a connection that completes no message in time, silent or trickling; one that did goes on", async () => {
    const server = await serve({ firstMessageTimeoutMs: 300 });
    // Started first, so its deadline passes first.
    const talker = await connected(server);
    talker.socket.send(JSON.stringify({ jsonrpc: "2.0", method: "hello" }));
    const quiet = await connected(server);
    const trickle = await connected(server);
    trickle.socket.send('{"jsonrpc":"2.0",', { fin: false });
    const [quietClose, trickleClose] = await Promise.all([closeOf(quiet.socket), closeOf(trickle.socket)]);
    expect(quietClose).toEqual({ code: 1008, reason });
    expect(trickleClose).toEqual({ code: 1008, reason });
    await quiet.received.closed();
    expect(quiet.received.closes[0]).toMatchObject({ closeCode: 1008, closedByThisSide: true });
    // Past its own deadline, the talker is still served.
    talker.socket.send(JSON.stringify({ jsonrpc: "2.0", method: "again" }));
    await talker.received.until(() => talker.received.messages.length === 2, "the talker's second message");
    expect(talker.socket.readyState).toBe(WebSocket.OPEN);
    talker.socket.close();
  });
});
