import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  type HttpExchange,
  HttpStatusError,
  LegacySseClientTransport,
  type OutgoingHttpRequest,
} from "../src/index.js";
import { Recorder } from "./helpers.js";
import { type LegacyTestServer, startLegacy } from "./legacy-helpers.js";

const servers: LegacyTestServer[] = [];
const transports: LegacySseClientTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(servers.splice(0).map((server) => server.http.close()));
});

async function server(options: Parameters<typeof startLegacy>[0] = {}): Promise<LegacyTestServer> {
  const started = await startLegacy(options);
  servers.push(started);
  return started;
}

function client(url: string, options: ConstructorParameters<typeof LegacySseClientTransport>[1] = {}) {
  const transport = new LegacySseClientTransport(url, options);
  transports.push(transport);
  return transport;
}

/**
 * A fetch answering every GET with an SSE stream the test writes to (writes made before the GET
 * are held for it); POSTs get 202 and are recorded.
 */
function scriptedFetch(contentType = "text/event-stream") {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const early: (string | null)[] = [];
  const posts: string[] = [];
  const push = (text: string | null) => {
    if (!controller) early.push(text);
    else if (text === null) controller.close();
    else controller.enqueue(encoder.encode(text));
  };
  const fake: typeof fetch = async (input, init) => {
    if (init?.method === "POST") {
      posts.push(`${String(input)} ${String(init.body)}`);
      return new Response(null, { status: 202 });
    }
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
        for (const text of early.splice(0)) push(text);
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": contentType } });
  };
  return { fetch: fake, posts, write: (text: string) => push(text), end: () => push(null) };
}

const PING = { jsonrpc: "2.0" as const, id: 1, method: "ping" };

describe("LegacySseClientTransport against the legacy server", () => {
  it("POSTs to the endpoint, gets messages from the stream, and tells the hooks about each exchange", async () => {
    const s = await server();
    const asked: OutgoingHttpRequest[] = [];
    const exchanges: HttpExchange[] = [];
    const transport = client(s.url, {
      headers: (request) => {
        asked.push(request);
        return { authorization: "Bearer t0k" };
      },
      onExchange: (exchange) => exchanges.push(exchange),
    });
    const recorder = new Recorder();
    await transport.start(recorder);
    const serverSide = await s.next();
    const serverRecorder = new Recorder();
    await serverSide.start(serverRecorder);
    expect(transport.sessionId).toBe(serverSide.sessionId);
    expect(transport.endpointUrl).toBe(`${s.origin}/messages?sessionId=${serverSide.sessionId}`);

    await transport.send(PING);
    expect(serverRecorder.messages).toEqual([PING]);
    expect(serverRecorder.contexts[0]?.headers?.authorization).toBe("Bearer t0k");
    await serverSide.send({ jsonrpc: "2.0", id: 1, result: {} });
    await recorder.until(() => recorder.messages.length === 1, "the answer");
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);

    expect(asked).toEqual([
      { method: "GET", url: s.url, purpose: "standalone", sessionId: undefined },
      {
        method: "POST",
        url: transport.endpointUrl,
        purpose: "message",
        message: PING,
        sessionId: serverSide.sessionId,
      },
    ]);
    expect(exchanges.map((e) => [e.method, e.purpose, e.status])).toEqual([
      ["GET", "standalone", 200],
      ["POST", "message", 202],
    ]);
  });

  it("closes without error when the server ends the session; sends then reject connection_closed", async () => {
    const s = await server();
    const transport = client(s.url);
    const recorder = new Recorder();
    await transport.start(recorder);
    await (await s.next()).close();
    await recorder.until(() => recorder.closes.length > 0, "onClose");
    await transport.closed;
    expect(recorder.closes).toEqual([undefined]);
    await expect(transport.send(PING)).rejects.toMatchObject({
      name: "LocalError",
      code: "connection_closed",
    });
  });

  it("close() drops the stream, which ends the session on the server", async () => {
    const s = await server();
    const transport = client(s.url);
    const recorder = new Recorder();
    await transport.start(recorder);
    const serverSide = await s.next();
    const serverRecorder = new Recorder();
    await serverSide.start(serverRecorder);
    await transport.close();
    expect(recorder.closes).toEqual([undefined]);
    await serverRecorder.until(() => serverRecorder.closes.length > 0, "the server side's onClose");
    expect(s.http.handler.sessionCount).toBe(0);
  });

  it("rejects a send the server refuses with HttpStatusError and stays open", async () => {
    const s = await server({ maxBodyBytes: 1024 });
    const transport = client(s.url);
    await transport.start(new Recorder());
    const serverSide = await s.next();
    const serverRecorder = new Recorder();
    await serverSide.start(serverRecorder);
    const error = await transport
      .send({ ...PING, params: { pad: "x".repeat(2000) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(413);
    expect((error as HttpStatusError).rpcError?.message).toBe("Payload Too Large: the limit is 1024 bytes");
    await transport.send(PING);
    expect(serverRecorder.messages).toEqual([PING]);
  });

  it("rejects start with HttpStatusError when the GET is refused, without onClose", async () => {
    const s = await server();
    const transport = client(`${s.origin}/nothing-here`);
    const recorder = new Recorder();
    const error = await transport.start(recorder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(404);
    expect(recorder.closes).toEqual([]);
    await transport.closed;
    await expect(transport.send(PING)).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("rejects a second start", async () => {
    const s = await server();
    const transport = client(s.url);
    await transport.start(new Recorder());
    await expect(transport.start(new Recorder())).rejects.toMatchObject({ code: "invalid_message" });
  });
});

describe("LegacySseClientTransport on a scripted stream", () => {
  it("gives up on a stream with no endpoint event after endpointTimeoutMs", async () => {
    const script = scriptedFetch();
    const transport = client("http://127.0.0.1:9/sse", { fetch: script.fetch, endpointTimeoutMs: 100 });
    const recorder = new Recorder();
    const started = Date.now();
    const error = await transport.start(recorder).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).message).toBe("no endpoint event within 100 ms");
    expect(recorder.closes).toEqual([]);
  });

  it("refuses an answer that is not an SSE stream", async () => {
    const script = scriptedFetch("application/json");
    const error = await client("http://127.0.0.1:9/sse", { fetch: script.fetch })
      .start(new Recorder())
      .catch((e: unknown) => e);
    expect((error as LocalError).code).toBe("transport_failed");
    expect((error as LocalError).message).toBe("the SSE GET answered application/json, not an SSE stream");
  });

  it("refuses a stream that ends before the endpoint event", async () => {
    const script = scriptedFetch();
    const transport = client("http://127.0.0.1:9/sse", { fetch: script.fetch });
    const starting = transport.start(new Recorder());
    script.write(": hello\n\n");
    script.end();
    await expect(starting).rejects.toThrow("the SSE stream ended before an endpoint event");
  });

  it("refuses an endpoint on another origin", async () => {
    const script = scriptedFetch();
    const transport = client("http://127.0.0.1:9/sse", { fetch: script.fetch });
    const starting = transport.start(new Recorder());
    script.write("event: endpoint\ndata: http://attacker.example/messages?sessionId=1\n\n");
    await expect(starting).rejects.toThrow(
      "the endpoint event names another origin (http://attacker.example) than the SSE stream's",
    );
  });

  it("resolves a relative endpoint against the SSE URL and POSTs there in send order", async () => {
    const script = scriptedFetch();
    const transport = client("http://127.0.0.1:9/mcp/sse", { fetch: script.fetch });
    const starting = transport.start(new Recorder());
    script.write("event: endpoint\ndata: messages?sessionId=abc\n\n");
    await starting;
    expect(transport.endpointUrl).toBe("http://127.0.0.1:9/mcp/messages?sessionId=abc");
    expect(transport.sessionId).toBe("abc");
    await Promise.all([1, 2, 3].map((id) => transport.send({ ...PING, id })));
    expect(script.posts).toEqual(
      [1, 2, 3].map(
        (id) => `http://127.0.0.1:9/mcp/messages?sessionId=abc ${JSON.stringify({ ...PING, id })}`,
      ),
    );
  });

  it("reports an unparseable message event as unreadable and reads on", async () => {
    const script = scriptedFetch();
    const transport = client("http://127.0.0.1:9/sse", { fetch: script.fetch });
    const recorder = new Recorder();
    const starting = transport.start(recorder);
    script.write("event: endpoint\ndata: /messages?sessionId=1\n\n");
    await starting;
    script.write(
      'event: message\ndata: {oops\n\nevent: other\ndata: ignored\n\nevent: message\ndata: {"jsonrpc":"2.0","method":"n"}\n\n',
    );
    await recorder.until(() => recorder.messages.length === 1, "the good message");
    expect(recorder.unreadable.map((u) => u.problem)).toEqual(["parse"]);
    expect(recorder.messages).toEqual([{ jsonrpc: "2.0", method: "n" }]);
    script.end();
    await recorder.until(() => recorder.closes.length === 1, "onClose");
    expect(recorder.closes).toEqual([undefined]);
  });

  it("close() waits for a hanging POST at most closeTimeoutMs, then aborts it (connection_closed)", async () => {
    const script = scriptedFetch();
    const hanging: typeof fetch = (input, init) => {
      if (init?.method !== "POST") return script.fetch(input, init);
      return new Promise((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      });
    };
    const transport = client("http://127.0.0.1:9/sse", { fetch: hanging, closeTimeoutMs: 100 });
    const recorder = new Recorder();
    const starting = transport.start(recorder);
    script.write("event: endpoint\ndata: /messages?sessionId=1\n\n");
    await starting;
    const sending = transport.send(PING).catch((e: unknown) => e);
    const started = Date.now();
    await transport.close();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(2000);
    expect(await sending).toMatchObject({ name: "LocalError", code: "connection_closed" });
    expect(recorder.closes).toEqual([undefined]);
  });
});
