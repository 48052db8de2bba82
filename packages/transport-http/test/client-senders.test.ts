import { Agent } from "node:http";
import { type AddressInfo, type Socket, createServer as createNetServer } from "node:net";
import { LocalError, MetaKey } from "@mcpkit/core";
import { describe, expect, it, vi } from "vitest";
import {
  type HttpExchange,
  type StreamableHttpClientOptions,
  StreamableHttpClientTransport,
} from "../src/index.node.js";
import { NodeHttpSender } from "../src/client/node-sender.js";
import { nodeHttpSender } from "../src/node.js";
import {
  type Arrival,
  SESSION,
  type ScriptedServer,
  answerPlainly,
  idOf,
  methodOf,
  note,
  openSse,
  result,
  sseEvent,
  closedAfterEach,
  type Script,
} from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

// What the two senders (node:http on Node by default, fetch when given) must do alike, and what
// only the node:http one does: keep-alive reuse, its agent, https by URL.

const open = closedAfterEach();

const MAX = 1000;
const LIST = { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} } as const;

const scripted = (script?: Script) => open.scripted(script);

/** A started transport joining the scripted server's session, without the GET stream. */
async function joined(
  server: ScriptedServer,
  options: StreamableHttpClientOptions = {},
  make: typeof clientTransport = clientTransport,
) {
  const transport = make(server.url, {
    sessionId: SESSION,
    protocolVersion: "2025-11-25",
    standaloneStream: false,
    maxMessageBytes: MAX,
    ...options,
  });
  open.push(transport);
  const recorder = new Recorder();
  await transport.start(recorder);
  return { transport, recorder };
}

describeEachSender("HTTP exchanges", () => {
  it("hook headers replace the transport's own whatever their case, values trimmed as Headers does", async () => {
    const server = await scripted();
    const { transport, recorder } = await joined(server, {
      headers: () => ({ "MCP-Protocol-Version": " 2025-06-18\t", "X-Trace": "abc" }),
    });
    await transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 1, "the answer");
    const { rawHeaders } = (server.arrivals[0] as Arrival).res.req;
    const named = (name: string) =>
      rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === name);
    expect([named("mcp-protocol-version"), named("x-trace")]).toEqual([["2025-06-18"], ["abc"]]);
  });

  it("a header value no HTTP request may carry fails the send; nothing reaches the server", async () => {
    const server = await scripted();
    const { transport } = await joined(server, { headers: () => ({ "x-bad": "a\r\nx-injected: 1" }) });
    const error = (await transport.send(LIST).catch((e: unknown) => e)) as LocalError;
    expect(error).toBeInstanceOf(LocalError);
    expect(error.code).toBe("transport_failed");
    expect(error.message.startsWith("the POST failed: ")).toBe(true);
    expect(server.arrivals).toEqual([]);
  });

  it("a POST aborted before its answer closes its connection; the request's send rejects as cancelled", async () => {
    const server = await scripted(() => {
      // Never answers: the request stays in flight until the client gives it up.
    });
    const exchanges: HttpExchange[] = [];
    const { transport } = await joined(server, { onExchange: (e) => exchanges.push(e) });
    const meta = { [MetaKey.protocolVersion]: "2026-07-28", [MetaKey.clientCapabilities]: {} };
    const sent = transport.send({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: { name: "slow", arguments: {}, _meta: meta },
    });
    const failure = sent.catch((error: unknown) => error);
    await server.until(() => server.arrivals.length === 1, "the tools/call POST");
    const call = server.arrivals[0] as Arrival;
    expect(call.abortedByClient()).toBe(false);

    await transport.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5 } });
    await call.gone;
    expect(call.abortedByClient()).toBe(true);
    const error = (await failure) as LocalError;
    expect(error).toBeInstanceOf(LocalError);
    expect([error.code, error.message]).toEqual(["cancelled", "tools/call (id 5) was cancelled"]);
    expect(exchanges.map((e) => [e.method, e.status, e.error?.name])).toEqual([["POST", 0, "AbortError"]]);
    // The cancellation closed the stream: nothing more was POSTed.
    expect(server.arrivals).toHaveLength(1);
  });

  it("close gives a DELETE that gets no answer closeTimeoutMs, then aborts it, reporting a TimeoutError", async () => {
    const server = await scripted((arrival) => {
      if (arrival.method !== "DELETE") answerPlainly(arrival);
      // DELETE: never answered.
    });
    const exchanges: HttpExchange[] = [];
    const { transport } = await joined(server, { closeTimeoutMs: 100, onExchange: (e) => exchanges.push(e) });
    const started = Date.now();
    await transport.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(90);
    expect(took).toBeLessThan(2000);
    expect(exchanges.map((e) => [e.method, e.purpose, e.status, e.error?.name])).toEqual([
      ["DELETE", "terminate", 0, "TimeoutError"],
    ]);
    const deletion = server.of("DELETE")[0] as Arrival;
    await deletion.gone;
    expect(deletion.abortedByClient()).toBe(true);
  });

  it("a server that vanishes mid-way through an SSE answer: the transport closes saying why", async () => {
    let vanish = () => {};
    const server = await scripted((arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      openSse(arrival.res);
      arrival.res.write(sseEvent({ data: note("notifications/message", { level: "info", data: "one" }) }));
      vanish = () => arrival.res.socket?.destroy();
    });
    const { transport, recorder } = await joined(server);
    await transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 1, "the event before the cut");
    vanish();
    await server.close();
    await transport.closed;
    const expected =
      "the SSE answer to tools/list (id 3) broke off before its answer arrived, and the server gave no event id to resume from";
    expect(transport.closeError).toBeInstanceOf(LocalError);
    expect([(transport.closeError as LocalError).code, transport.closeError?.message]).toEqual([
      "transport_failed",
      expected,
    ]);
    expect(recorder.closes).toEqual([transport.closeError]);
    await expect(transport.send({ ...LIST, id: 4 })).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("an oversized JSON answer sent without a length is cancelled mid-way, reported too_large", async () => {
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      arrival.res.writeHead(200, { "content-type": "application/json" });
      arrival.res.write(`{"jsonrpc":"2.0","id":3,"result":{"padding":"${"x".repeat(MAX)}`);
      // The rest never comes: only the client giving up ends this response.
    });
    const { transport, recorder } = await joined(server);
    await transport.send(LIST);
    await recorder.until(() => recorder.unreadable.length === 1, "the report");
    expect(recorder.unreadable).toEqual([
      {
        problem: "too_large",
        detail: "the JSON answer to tools/list (id 3) is over 1000 bytes (maxMessageBytes)",
        answersId: 3,
      },
    ]);
    const answer = server.arrivals[0] as Arrival;
    await answer.gone;
    expect(answer.abortedByClient()).toBe(true);
    expect(recorder.messages).toEqual([]);
    // Still usable, on a fresh connection.
    server.script = (arrival) => answerPlainly(arrival);
    await transport.send({ ...LIST, id: 4 });
    await recorder.until(() => recorder.messages.length === 1, "the next answer");
    expect(recorder.messages).toEqual([result(4, { echo: "tools/list" })]);
  });
});

/** A transport as a Node user makes one: the node:http sender unless told otherwise. */
function onNode(url: string, options: StreamableHttpClientOptions = {}): StreamableHttpClientTransport {
  return new StreamableHttpClientTransport(url, options);
}

describe("the node:http sender", () => {
  it("sequential requests share one keep-alive connection, DELETE included", async () => {
    const server = await scripted();
    const { transport, recorder } = await joined(server, {}, onNode);
    for (let id = 1; id <= 3; id++) {
      await transport.send({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
      await recorder.until(() => recorder.messages.length === id, `answer ${id}`);
    }
    await transport.close();
    expect(server.arrivals.map((a) => a.method)).toEqual(["POST", "POST", "POST", "DELETE"]);
    expect(server.connections).toBe(1);
    const post = server.arrivals[0] as Arrival;
    expect(post.headers["content-length"]).toBe(String(Buffer.byteLength(post.body)));
    expect(post.headers["transfer-encoding"]).toBeUndefined();
  });

  it("is the default on Node; giving fetch uses fetch (which adds its own headers)", async () => {
    const server = await scripted();
    const byDefault = await joined(
      server,
      {},
      (url, options) => new StreamableHttpClientTransport(url, options),
    );
    await byDefault.transport.send(LIST);
    const viaFetch = await joined(server, { fetch: (input, init) => fetch(input, init) }, (url, options) => {
      return new StreamableHttpClientTransport(url, options);
    });
    await viaFetch.transport.send({ ...LIST, id: 4 });
    expect(server.arrivals.map((a) => [idOf(a), a.headers["sec-fetch-mode"]])).toEqual([
      [3, undefined],
      [4, "cors"],
    ]);
  });

  it("refuses to be given both sender and fetch", () => {
    expect(
      () => new StreamableHttpClientTransport("http://127.0.0.1:9/mcp", { sender: nodeHttpSender(), fetch }),
    ).toThrow(
      new TypeError("give the Streamable HTTP client transport either `sender` or `fetch`, not both"),
    );
  });

  it("closes its own agent with the transport: no connection stays open", async () => {
    let socket: Socket | undefined;
    const server = await scripted((arrival) => {
      // The one connection, seen from the server's side.
      socket ??= arrival.res.socket ?? undefined;
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, {}, onNode);
    await transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 1, "the answer");
    const seen = socket;
    if (!seen) throw new Error("no socket seen");
    const closed = new Promise<void>((resolve) => seen.once("close", () => resolve()));
    await transport.close();
    await closed;
    expect(seen.destroyed).toBe(true);
  });

  it("sends through an agent given to nodeHttpSender, and leaves it open at close", async () => {
    const server = await scripted();
    const agent = new Agent({ keepAlive: true });
    const destroy = vi.spyOn(agent, "destroy");
    const { transport, recorder } = await joined(server, { sender: nodeHttpSender({ agent }) }, onNode);
    await transport.send(LIST);
    await recorder.until(() => recorder.messages.length === 1, "the answer");
    expect(Object.keys(agent.freeSockets)).toHaveLength(1);
    await transport.close();
    expect(destroy).not.toHaveBeenCalled();
    agent.destroy();
  });

  it("reads response headers by lower-case name, repeated ones joined, absent ones null", async () => {
    const server = await scripted((arrival) => {
      arrival.res.setHeader("X-Repeated", ["a", "b"]);
      arrival.res.writeHead(200, "Fine", { "Content-Type": "text/plain" }).end("body");
    });
    const sender = new NodeHttpSender();
    try {
      const reply = await sender.send({ method: "GET", url: server.url, headers: {} });
      expect([reply.status, reply.statusText]).toEqual([200, "Fine"]);
      expect([reply.header("x-repeated"), reply.header("content-type"), reply.header("x-absent")]).toEqual([
        "a, b",
        "text/plain",
        null,
      ]);
      expect(reply.headers().get("x-repeated")).toBe("a, b");
      expect(await reply.text(100)).toBe("body");
    } finally {
      sender.close();
    }
  });

  it("speaks TLS to https: URLs, plain HTTP to http: ones, and refuses other protocols", async () => {
    const firstBytes: Buffer[] = [];
    const tcp = createNetServer((socket) => {
      socket.once("data", (chunk: Buffer) => {
        firstBytes.push(chunk);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    const { port } = tcp.address() as AddressInfo;
    try {
      for (const scheme of ["https", "http"]) {
        const sender = new NodeHttpSender();
        const sent = sender.send({ method: "GET", url: `${scheme}://127.0.0.1:${port}/mcp`, headers: {} });
        await expect(sent).rejects.toBeInstanceOf(Error);
        sender.close();
      }
      // A TLS record starts 0x16 (handshake); plain HTTP starts with the request line.
      expect(firstBytes.map((bytes) => bytes[0])).toEqual([0x16, "G".charCodeAt(0)]);
      expect(firstBytes[1]?.toString("latin1").split("\r\n")[0]).toBe("GET /mcp HTTP/1.1");
      await expect(
        new NodeHttpSender().send({ method: "GET", url: "ftp://127.0.0.1/mcp", headers: {} }),
      ).rejects.toThrow(new TypeError("cannot send to ftp: URLs; use http: or https:"));
    } finally {
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });
});
