import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { StatelessClientEra, StatelessServerEra, Connection } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  type McpWebSocketServer,
  WebSocketClientTransport,
  type WebSocketLike,
  serveWebSocket,
} from "../src/index.js";
import { Recorder, startServer, type TestServer } from "./helpers.js";

/**
 * Only what a browser's WebSocket offers (no write callback, no terminate, no headers), built on
 * `ws`, since Node 20 has no global WebSocket.
 */
class WhatwgWebSocket implements WebSocketLike {
  static lastProtocols: string[] = [];
  private readonly inner: WebSocket;
  constructor(url: string, protocols?: string | string[]) {
    WhatwgWebSocket.lastProtocols = [protocols ?? []].flat();
    this.inner = new WebSocket(url, protocols);
  }
  get readyState() {
    return this.inner.readyState;
  }
  get bufferedAmount() {
    return this.inner.bufferedAmount;
  }
  get protocol() {
    return this.inner.protocol;
  }
  send(data: string) {
    this.inner.send(data);
  }
  close(code?: number, reason?: string) {
    this.inner.close(code, reason);
  }
  set onopen(listener: ((event: never) => void) | null) {
    this.inner.onopen = listener as () => void;
  }
  set onmessage(listener: ((event: never) => void) | null) {
    this.inner.onmessage = listener as () => void;
  }
  set onclose(listener: ((event: never) => void) | null) {
    this.inner.onclose = listener as () => void;
  }
  set onerror(listener: ((event: never) => void) | null) {
    this.inner.onerror = listener as () => void;
  }
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(({ server }) => server.close()));
});

describe("the client with a runtime's WebSocket", () => {
  it("speaks the convention and sends its token as a subprotocol entry", async () => {
    const served = await startServer({ authenticate: ({ token }) => (token === "t0k" ? { token } : null) });
    servers.push(served);
    const client = new WebSocketClientTransport(served.url, {
      WebSocket: WhatwgWebSocket,
      bearerToken: "t0k",
    });
    const clientSide = new Recorder();
    await client.start(clientSide);
    expect(client.protocol).toBe("mcp");
    expect(WhatwgWebSocket.lastProtocols).toEqual(["mcp", "mcp.bearer.dDBr"]);
    const transport = await served.next();
    const serverSide = new Recorder();
    await transport.start(serverSide);
    await client.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    await serverSide.until(() => serverSide.messages.length === 1, "ping");
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} }, { relatedRequestId: 1 });
    await clientSide.until(() => clientSide.messages.length === 1, "the result");
    expect(serverSide.contexts[0]?.authInfo?.token).toBe("t0k");
    await client.close();
    expect(clientSide.closes).toEqual([undefined]);
  });

  it("reports a refused upgrade as a close with 1006 (the status is not visible)", async () => {
    const served = await startServer({ authenticate: () => null });
    servers.push(served);
    const client = new WebSocketClientTransport(served.url, { WebSocket: WhatwgWebSocket });
    await expect(client.start(new Recorder())).rejects.toMatchObject({ name: "LocalError", closeCode: 1006 });
  });

  it("refuses headers it cannot send", () => {
    expect(
      () =>
        new WebSocketClientTransport("ws://127.0.0.1:1/mcp", {
          WebSocket: WhatwgWebSocket,
          headers: { a: "b" },
        }),
    ).toThrow(/cannot send headers/);
  });
});

describe("reconnect (stateless era)", () => {
  it("reconnects after the server drops the connection and goes on", async () => {
    let connections = 0;
    const server = await serveWebSocket({
      port: 0,
      onConnection: async (transport) => {
        connections++;
        const engine = new Connection({
          era: new StatelessServerEra({ serverInfo: { name: "s", version: "1" } }),
        });
        await engine.connect(transport);
        // The first connection is dropped as a restarting server would.
        if (connections === 1) setTimeout(() => transport.closeWith(1012, "service restart"), 20);
      },
    });
    const reconnects: number[] = [];
    const era = new StatelessClientEra({ clientInfo: { name: "c", version: "1" } });
    const client = new Connection({ era });
    const closes: (Error | undefined)[] = [];
    await client.connect(
      new WebSocketClientTransport(server.url, {
        reconnect: { initialDelayMs: 10 },
        onReconnect: ({ attempt, error }) => !error && reconnects.push(attempt),
      }),
    );
    void client.closed.then(() => closes.push(undefined));
    await expect.poll(() => reconnects.length, { timeout: 5000 }).toBe(1);
    const discovered = await era.discover();
    expect(discovered.revision).toBe("2026-07-28");
    expect(connections).toBe(2);
    expect(closes).toEqual([]);
    await client.close();
    await server.close();
  });

  it("does not reconnect without the option: the drop is reported with its code", async () => {
    const served = await startServer();
    servers.push(served);
    const client = new WebSocketClientTransport(served.url);
    const recorder = new Recorder();
    await client.start(recorder);
    const transport = await served.next();
    await transport.start(new Recorder());
    transport.closeWith(1012, "service restart");
    await recorder.closed();
    expect(recorder.closes[0]).toMatchObject({ closeCode: 1012, closeReason: "service restart" });
  });
});

describe("reopen()", () => {
  it("gives a new transport to the same server, with the same options", async () => {
    const served = await startServer();
    servers.push(served);
    const first = new WebSocketClientTransport(served.url);
    await first.start(new Recorder());
    await served.next();
    await first.close();
    const again = first.reopen();
    expect(again).not.toBe(first);
    const recorder = new Recorder();
    await again.start(recorder);
    const transport = await served.next();
    const received = new Recorder();
    await transport.start(received);
    await again.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await received.until(() => received.messages.length === 1, "the notification");
    expect(received.messages).toEqual([{ jsonrpc: "2.0", method: "notifications/initialized" }]);
    await again.close();
  });
});

describe("sharing an HTTP server", () => {
  let shared: McpWebSocketServer | undefined;
  afterEach(async () => {
    await shared?.close();
  });

  it("serves /mcp upgrades and leaves other requests and paths to their handlers", async () => {
    const http = createServer((_request, response) => response.end("healthy"));
    const other: string[] = [];
    http.on("upgrade", (request, socket) => {
      if (request.url === "/other") {
        other.push(request.url);
        socket.destroy();
      }
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    shared = await serveWebSocket({
      httpServer: http,
      onConnection: (transport) => transport.start(new Recorder()),
    });
    const { port } = http.address() as AddressInfo;
    expect(shared.url).toBe(`ws://127.0.0.1:${port}/mcp`);
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).text()).toBe("healthy");
    const client = new WebSocketClientTransport(shared.url);
    await client.start(new Recorder());
    const stray = new WebSocket(`ws://127.0.0.1:${port}/other`, ["mcp"]);
    await new Promise((resolve) => stray.once("error", resolve));
    expect(other).toEqual(["/other"]);
    await client.close();
    await shared.close();
    await new Promise((resolve) => http.close(resolve));
  });
});
