import { request as httpRequest } from "node:http";
import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { createLegacySseHandler } from "../src/index.js";
import { Recorder } from "./helpers.js";
import { type LegacyTestServer, openRawStream, postJson, startLegacy } from "./legacy-helpers.js";
import { raw, refusalBody } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

const servers: LegacyTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.http.close()));
});

async function server(options: Parameters<typeof startLegacy>[0] = {}): Promise<LegacyTestServer> {
  const started = await startLegacy(options);
  servers.push(started);
  return started;
}

const PING = { jsonrpc: "2.0", id: 1, method: "ping" };

/** Opens a session: the raw stream, its POST URL, and the server's transport (started, recording). */
async function session(s: LegacyTestServer) {
  const stream = await openRawStream(s.url);
  const endpoint = await stream.next();
  const transport = await s.next();
  const recorder = new Recorder();
  await transport.start(recorder);
  return { stream, endpoint, postUrl: new URL(endpoint.data, s.url).href, transport, recorder };
}

forEachHttpPath(() => {
  describe("legacy SSE server: the stream", () => {
    it("opens with an endpoint event naming /messages with the session id", async () => {
      const s = await server();
      const stream = await openRawStream(s.url);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toBe("text/event-stream");
      expect(stream.response.headers.get("cache-control")).toBe("no-cache");
      const first = await stream.next();
      const transport = await s.next();
      expect(first.event).toBe("endpoint");
      expect(first.data).toBe(`/messages?sessionId=${transport.sessionId}`);
      expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.http.handler.sessionCount).toBe(1);
      stream.abort();
    });

    it("takes a POSTed message with 202 and no body, and answers on the stream as a message event", async () => {
      const s = await server();
      const { stream, postUrl, transport, recorder } = await session(s);
      const response = await postJson(postUrl, JSON.stringify(PING), { "x-trace": "t1" });
      expect(response.status).toBe(202);
      expect(await response.text()).toBe("");
      expect(recorder.messages).toEqual([PING]);
      expect(recorder.contexts[0]?.headers?.["x-trace"]).toBe("t1");
      await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
      await transport.send({ jsonrpc: "2.0", method: "notifications/message", params: { n: 2 } });
      const answer = await stream.next();
      expect(answer.event).toBe("message");
      expect(JSON.parse(answer.data)).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      expect(JSON.parse((await stream.next()).data)).toEqual({
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { n: 2 },
      });
      stream.abort();
    });

    it("holds POSTed messages until the transport starts, in order", async () => {
      const s = await server();
      const stream = await openRawStream(s.url);
      const postUrl = new URL((await stream.next()).data, s.url).href;
      const transport = await s.next();
      for (const id of [1, 2, 3]) {
        expect((await postJson(postUrl, JSON.stringify({ ...PING, id }))).status).toBe(202);
      }
      const recorder = new Recorder();
      await transport.start(recorder);
      expect(recorder.messages.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3]);
      stream.abort();
    });

    it("ends the session when the client drops the stream: the transport closes once, POSTs get 404", async () => {
      const s = await server();
      const { stream, postUrl, transport, recorder } = await session(s);
      stream.abort();
      await recorder.until(() => recorder.closes.length > 0, "onClose");
      await transport.closed;
      expect(recorder.closes).toEqual([undefined]);
      expect(transport.isClosed).toBe(true);
      expect(s.http.handler.sessionCount).toBe(0);
      const late = await postJson(postUrl, JSON.stringify(PING));
      expect(late.status).toBe(404);
      expect(await late.text()).toBe(refusalBody("Not Found: no such session (its stream has ended)"));
      await expect(transport.send({ jsonrpc: "2.0", method: "x" })).rejects.toMatchObject({
        code: "connection_closed",
      });
    });

    it("ends the stream when the server closes the transport", async () => {
      const s = await server();
      const { stream, postUrl, transport, recorder } = await session(s);
      await transport.send({ jsonrpc: "2.0", method: "last" });
      await transport.close();
      expect(JSON.parse((await stream.next()).data)).toEqual({ jsonrpc: "2.0", method: "last" });
      await stream.ended;
      expect(recorder.closes).toEqual([undefined]);
      expect((await postJson(postUrl, JSON.stringify(PING))).status).toBe(404);
    });

    it("writes keep-alive comments on an idle stream", async () => {
      const s = await server({ keepAliveMs: 30 });
      const response = await fetch(s.url, { headers: { accept: "text/event-stream" } });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      const deadline = Date.now() + 5000;
      while (!text.includes(": keep-alive\n\n: keep-alive\n\n") && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(
        /^event: endpoint\ndata: \/messages\?sessionId=[0-9a-f]{32}\n\n: keep-alive\n\n: keep-alive\n\n/,
      );
      await reader.cancel();
    });

    it("rejects an outbound message over maxMessageBytes and keeps the session", async () => {
      const s = await server({ maxMessageBytes: 1024 });
      const { stream, transport } = await session(s);
      const big = { jsonrpc: "2.0" as const, method: "big", params: { text: "x".repeat(1100) } };
      const error = await transport.send(big).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).code).toBe("message_too_large");
      await transport.send({ jsonrpc: "2.0", method: "small" });
      expect(JSON.parse((await stream.next()).data)).toEqual({ jsonrpc: "2.0", method: "small" });
      stream.abort();
    });

    it("ends the session when the client stops reading and the unread backlog passes maxBufferedBytes", async () => {
      const s = await server({ maxBufferedBytes: 64 * 1024 });
      // A client that opens the stream and never reads it.
      const req = httpRequest(s.url, { headers: { accept: "text/event-stream" } }, (res) => res.pause());
      req.on("error", () => {}); // The server ends the stream under it; that is the point.
      req.end();
      const transport = await s.next();
      const recorder = new Recorder();
      await transport.start(recorder);
      const message = { jsonrpc: "2.0" as const, method: "flood", params: { text: "y".repeat(1024) } };
      let sent = 0;
      let failure: unknown;
      // Bounded: kernel and library buffers hold a few MiB at most before the backlog builds up.
      while (sent < 200_000 && failure === undefined) {
        await transport.send(message).then(
          () => {
            sent += 1;
          },
          (error: unknown) => {
            failure = error;
          },
        );
        if (sent % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(failure).toBeInstanceOf(LocalError);
      expect((failure as LocalError).code).toBe("transport_failed");
      expect((failure as LocalError).message).toBe(
        "the client left more than 65536 bytes of its SSE stream unread; the session is closed",
      );
      expect(recorder.closes).toEqual([undefined]);
      expect(s.http.handler.sessionCount).toBe(0);
      req.destroy();
    });

    it("serves custom paths, and advertises an absolute message URL as given", async () => {
      const s = await server({ ssePath: "/events", messagePath: "/rpc" });
      expect(s.url).toMatch(/\/events$/);
      const { stream, endpoint, postUrl, recorder } = await session(s);
      expect(endpoint.data).toMatch(/^\/rpc\?sessionId=[0-9a-f]{32}$/);
      expect((await postJson(postUrl, JSON.stringify(PING))).status).toBe(202);
      expect(recorder.messages).toEqual([PING]);
      stream.abort();

      const proxied = await server({ messagePath: "https://public.example/mcp/messages" });
      const behindProxy = await openRawStream(proxied.url);
      expect((await behindProxy.next()).data).toMatch(
        /^https:\/\/public\.example\/mcp\/messages\?sessionId=[0-9a-f]{32}$/,
      );
      behindProxy.abort();
    });
  });

  describe("legacy SSE server: refusals", () => {
    it("answers each bad POST with its status and an id-less JSON-RPC error", async () => {
      const s = await server({ maxBodyBytes: 1024 });
      const { stream, postUrl, recorder } = await session(s);
      const origin = new URL(s.url).origin;
      const cases: [Promise<Response>, number, string][] = [
        [
          postJson(`${origin}/messages`, JSON.stringify(PING)),
          400,
          refusalBody("Bad Request: the sessionId query parameter is required"),
        ],
        [
          postJson(`${origin}/messages?sessionId=nope`, JSON.stringify(PING)),
          404,
          refusalBody("Not Found: no such session (its stream has ended)"),
        ],
        [
          postJson(postUrl, JSON.stringify(PING), { "content-type": "text/plain" }),
          415,
          refusalBody("Unsupported Media Type: Content-Type must be application/json"),
        ],
        [
          postJson(postUrl, JSON.stringify({ ...PING, params: { pad: "x".repeat(1100) } })),
          413,
          refusalBody("Payload Too Large: the limit is 1024 bytes"),
        ],
        [postJson(postUrl, "[1, 2"), 400, ""],
        [
          postJson(postUrl, JSON.stringify({ hello: "world" })),
          400,
          refusalBody("Invalid Request: not a JSON-RPC message"),
        ],
        [fetch(postUrl), 405, refusalBody("Method not allowed")],
        [postJson(s.url, JSON.stringify(PING)), 405, refusalBody("Method not allowed")],
        [fetch(`${origin}/elsewhere`), 404, refusalBody("Not Found")],
        [
          fetch(s.url, { headers: { accept: "application/json" } }),
          406,
          refusalBody("Not Acceptable: Accept must allow text/event-stream"),
        ],
      ];
      const results = await Promise.all(
        cases.map(async ([pending]) => {
          const response = await pending;
          return {
            status: response.status,
            body: await response.text(),
            allow: response.headers.get("allow"),
          };
        }),
      );
      results.forEach((result, i) => {
        const [, status, body] = cases[i] as [unknown, number, string];
        expect(result.status, `case ${i}`).toBe(status);
        if (body !== "") expect(result.body, `case ${i}`).toBe(body);
      });
      const parse = JSON.parse(results[4]?.body ?? "");
      expect(parse).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
      expect(parse.error.message).toMatch(/^Parse error: /);
      expect(results[6]?.allow).toBe("POST");
      expect(results[7]?.allow).toBe("GET");
      expect(recorder.messages).toEqual([]);
      stream.abort();
    });

    it("refuses foreign Host and Origin with 403 by default, and allows loopback ones", async () => {
      const s = await server();
      const forbiddenHost = await raw(s.url, {
        method: "GET",
        headers: { host: "evil.example", accept: "text/event-stream" },
      });
      expect(forbiddenHost.status).toBe(403);
      expect(forbiddenHost.body).toBe(refusalBody("Forbidden: Host not allowed"));
      const forbiddenOrigin = await fetch(s.url, { headers: { origin: "http://evil.example" } });
      expect(forbiddenOrigin.status).toBe(403);
      expect(await forbiddenOrigin.text()).toBe(refusalBody("Forbidden: Origin not allowed"));
      const postOrigin = await postJson(`${s.origin}/messages?sessionId=x`, "{}", {
        origin: "http://evil.example",
      });
      expect(postOrigin.status).toBe(403);
      const local = await openRawStream(s.url, { origin: "http://localhost:5173" });
      expect(local.response.status).toBe(200);
      expect((await local.next()).event).toBe("endpoint");
      local.abort();
    });

    it("with cors, answers preflights and lets an allowed page read the stream and the 202", async () => {
      const app = "https://app.example";
      const s = await server({ allowedOrigins: [app], cors: true });
      const preflight = await fetch(`${s.origin}/messages?sessionId=x`, {
        method: "OPTIONS",
        headers: { origin: app, "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(app);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
      const stream = await openRawStream(s.url, { origin: app });
      expect(stream.response.headers.get("access-control-allow-origin")).toBe(app);
      const postUrl = new URL((await stream.next()).data, s.url).href;
      await (await s.next()).start(new Recorder());
      const posted = await postJson(postUrl, JSON.stringify(PING), { origin: app });
      expect(posted.status).toBe(202);
      expect(posted.headers.get("access-control-allow-origin")).toBe(app);
      const other = await fetch(s.url, { method: "OPTIONS", headers: { origin: "https://other.example" } });
      expect(other.status).toBe(403);
      stream.abort();
    });

    it("lets allowedHosts admit a public name", async () => {
      const s = await server({ allowedHosts: ["mcp.example"] });
      const admitted = await raw(s.url, { method: "POST", headers: { host: "mcp.example" }, body: "" });
      expect(admitted.status).toBe(405);
      const local = await raw(s.url, {
        method: "POST",
        headers: { host: `127.0.0.1:${new URL(s.url).port}` },
        body: "",
      });
      expect(local.status).toBe(403);
    });
  });

  describe("legacy SSE server: lifecycle", () => {
    it("close() ends every stream and refuses new sessions with 503", async () => {
      const s = await server();
      const first = await session(s);
      const second = await session(s);
      expect(s.http.handler.sessionCount).toBe(2);
      await s.http.handler.close();
      await Promise.all([first.stream.ended, second.stream.ended]);
      expect(first.recorder.closes).toEqual([undefined]);
      expect(second.recorder.closes).toEqual([undefined]);
      expect(s.http.handler.sessionCount).toBe(0);
      const refused = await fetch(s.url, { headers: { accept: "text/event-stream" } });
      expect(refused.status).toBe(503);
    });

    it("answers 500 when onSession throws, reports it, and keeps no session", async () => {
      const errors: unknown[] = [];
      const handler = createLegacySseHandler({
        onSession: () => {
          throw new Error("no engine");
        },
        onError: (error) => errors.push(error),
      });
      const response = await handler.handle(new Request("http://127.0.0.1/sse"));
      expect(response.status).toBe(500);
      expect(await response.text()).toBe(
        refusalBody("Internal error: the session could not be set up", -32603),
      );
      expect((errors[0] as Error).message).toBe("no engine");
      expect(handler.sessionCount).toBe(0);
    });

    it("works as a plain web handler: the endpoint event and a 202 without node:http", async () => {
      const recorder = new Recorder();
      const handler = createLegacySseHandler({ onSession: (transport) => transport.start(recorder) });
      const opened = await handler.handle(new Request("http://localhost/sse"));
      const reader = (opened.body as ReadableStream<Uint8Array>).getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      const match = /^event: endpoint\ndata: (\/messages\?sessionId=[0-9a-f]{32})\n\n$/.exec(first);
      expect(match).not.toBeNull();
      const posted = await handler.handle(
        new Request(`http://localhost${match?.[1]}`, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: JSON.stringify(PING),
        }),
      );
      expect(posted.status).toBe(202);
      expect(recorder.messages).toEqual([PING]);
      await reader.cancel();
      expect(recorder.closes).toEqual([undefined]);
      expect(handler.sessionCount).toBe(0);
    });
  });
});
