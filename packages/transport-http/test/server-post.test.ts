import { describe, expect, it } from "vitest";
import type { HttpServerTransport } from "../src/index.js";
import { initializeRequest, openSession, POST_HEADERS, STREAM_OPEN } from "./helpers.js";
import { raw, refusalBody, respond, answeringServerPerTest } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

const serve = answeringServerPerTest();

const INIT_BODY = JSON.stringify(initializeRequest(1));
const INIT_ANSWER = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25" } });
/** The initialize answer as an SSE stream: the priming event (2025-11-25), then the result. */
const INIT_SSE = `${STREAM_OPEN}id: p1-1\nretry: 1000\ndata:\n\nid: p1-2\nevent: message\ndata: ${INIT_ANSWER}\n\n`;

async function initialize(url: string): Promise<string> {
  const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
  expect(response.status).toBe(200);
  return String(response.headers["mcp-session-id"]);
}

function post(url: string, sessionId: string, message: unknown, headers: Record<string, string> = {}) {
  return raw(url, {
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId, ...headers },
    body: JSON.stringify(message),
  });
}

forEachHttpPath(() => {
  describe("POST initialize", () => {
    it("answers an answer given at once with a JSON body by default, with a fresh visible-ASCII Mcp-Session-Id", async () => {
      const { url } = await serve();
      const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json");
      expect(response.headers["mcp-session-id"]).toMatch(/^[0-9a-f]{32}$/);
      expect(response.body).toBe(INIT_ANSWER);
    });

    it("answers on an SSE stream with jsonResponse: false", async () => {
      const { url } = await serve({ jsonResponse: false });
      const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/event-stream");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["mcp-session-id"]).toMatch(/^[0-9a-f]{32}$/);
      expect(response.body).toBe(INIT_SSE);
    });

    it("answers with a JSON body with jsonResponse: true", async () => {
      const { url } = await serve({ jsonResponse: true });
      const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json");
      expect(response.body).toBe(INIT_ANSWER);
    });

    it("answers with JSON to a client that accepts only JSON, and SSE to one that accepts only SSE", async () => {
      const { url } = await serve();
      const json = await raw(url, {
        headers: { "content-type": "application/json", accept: "application/json" },
        body: INIT_BODY,
      });
      expect([json.headers["content-type"], json.body]).toEqual(["application/json", INIT_ANSWER]);
      await serve.current?.close();
      const { url: url2 } = await serve({ jsonResponse: true });
      const sse = await raw(url2, {
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: INIT_BODY,
      });
      expect([sse.headers["content-type"], sse.body]).toEqual(["text/event-stream", INIT_SSE]);
    });

    it("mints a different session id for each initialize and gives each its own transport", async () => {
      const transports: HttpServerTransport[] = [];
      const { url } = await serve({
        onSession: (transport) => {
          transports.push(transport);
          return respond(transport);
        },
      });
      const ids = await Promise.all(Array.from({ length: 20 }, () => initialize(url)));
      expect(new Set(ids).size).toBe(20);
      expect(transports.map((t) => t.sessionId).sort()).toEqual([...ids].sort());
      expect(serve.current?.handler.sessionCount).toBe(20);
    });

    it("refuses the initialize with 500 when onSession throws, and keeps no session", async () => {
      const errors: unknown[] = [];
      const { url } = await serve({
        onSession: () => {
          throw new Error("no");
        },
        onError: (error) => errors.push(error),
      });
      const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
      expect(response.status).toBe(500);
      expect(response.body).toBe(refusalBody("Internal error: the session could not be set up", -32603));
      expect(errors).toEqual([new Error("no")]);
      expect(serve.current?.handler.sessionCount).toBe(0);
    });
  });

  describe("POST in a session", () => {
    it("answers a request on an SSE stream and a notification or a response with 202 and no body", async () => {
      const { url } = await serve({ jsonResponse: false });
      const sessionId = await initialize(url);
      const request = await post(url, sessionId, { jsonrpc: "2.0", id: "r", method: "tools/list" });
      expect(request.status).toBe(200);
      expect(request.headers["mcp-session-id"]).toBeUndefined();
      // Event ids count on across the session's streams: p1 was the initialize answer.
      expect(request.body).toBe(
        `${STREAM_OPEN}id: p2-3\nretry: 1000\ndata:\n\n` +
          `id: p2-4\nevent: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: "r", result: { method: "tools/list" } })}\n\n`,
      );
      const notification = await post(url, sessionId, {
        jsonrpc: "2.0",
        method: "notifications/initialized",
      });
      expect([notification.status, notification.body]).toEqual([202, ""]);
      const response = await post(url, sessionId, { jsonrpc: "2.0", id: 7, result: {} });
      expect([response.status, response.body]).toEqual([202, ""]);
    });

    it("carries related notifications on the request's SSE stream before the response", async () => {
      const { url } = await serve({
        onSession: (transport) =>
          transport.start({
            onMessage: (value) => {
              const { id, method } = value as { id?: number; method?: string };
              if (id === undefined) return;
              const result = method === "initialize" ? { protocolVersion: "2025-11-25" } : {};
              const related = { relatedRequestId: id };
              void transport
                .send({ jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } }, related)
                .then(() => transport.send({ jsonrpc: "2.0", id, result }, related));
            },
            onUnreadable: () => {},
            onClose: () => {},
          }),
      });
      const sessionId = await initialize(url);
      const response = await post(url, sessionId, { jsonrpc: "2.0", id: 2, method: "tools/call" });
      expect(response.body).toBe(
        // p1-1 to p1-3 went out on the initialize's stream (priming, progress, result).
        `${STREAM_OPEN}id: p2-4\nretry: 1000\ndata:\n\n` +
          `id: p2-5\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n` +
          `id: p2-6\nevent: message\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n`,
      );
    });

    it("answers a 2025-03-26 batch with one JSON array in JSON mode", async () => {
      const { url } = await serve({ jsonResponse: true });
      const sessionId = await initialize(url);
      const batch = [
        { jsonrpc: "2.0", id: 1, method: "a" },
        { jsonrpc: "2.0", method: "n" },
        { jsonrpc: "2.0", id: 2, method: "b" },
      ];
      const response = await post(url, sessionId, batch, { "mcp-protocol-version": "2025-03-26" });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual([
        { jsonrpc: "2.0", id: 1, result: { method: "a" } },
        { jsonrpc: "2.0", id: 2, result: { method: "b" } },
      ]);
    });

    it("refuses a batch with 400 on every revision but 2025-03-26, and a batch holding initialize always", async () => {
      const { url } = await serve();
      const sessionId = await initialize(url);
      const batch = [
        { jsonrpc: "2.0", id: 1, method: "a" },
        { jsonrpc: "2.0", method: "n" },
      ];
      for (const version of ["2025-06-18", "2025-11-25"]) {
        const response = await post(url, sessionId, batch, { "mcp-protocol-version": version });
        expect([response.status, response.body], version).toEqual([
          400,
          refusalBody(`Invalid Request: batches are not part of protocol revision ${version}`),
        ]);
      }
      // Without the header the session's negotiated revision (2025-11-25 here) counts.
      const absent = await post(url, sessionId, batch);
      expect(absent.status).toBe(400);
      const withInit = await raw(url, {
        headers: POST_HEADERS,
        body: JSON.stringify([initializeRequest(9)]),
      });
      expect([withInit.status, withInit.body]).toEqual([
        400,
        refusalBody("Invalid Request: initialize must not be part of a batch"),
      ]);
      expect(serve.current?.handler.sessionCount).toBe(1);
    });

    it("refuses a POST without Mcp-Session-Id after initialize with 400", async () => {
      const { url } = await serve();
      await initialize(url);
      const response = await raw(url, {
        headers: POST_HEADERS,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(400);
      expect(response.headers["content-type"]).toBe("application/json");
      expect(response.body).toBe(refusalBody("Bad Request: Mcp-Session-Id header is required"));
    });

    it("refuses an unknown session id with 404", async () => {
      const { url } = await serve();
      const response = await post(url, "not-a-session", { jsonrpc: "2.0", method: "n" });
      expect(response.status).toBe(404);
      expect(response.body).toBe(refusalBody("Not Found: no such session (it may have expired)"));
    });

    it("refuses an unsupported MCP-Protocol-Version with 400; absent means the negotiated one, else 2025-03-26", async () => {
      const { url } = await serve();
      const sessionId = await initialize(url);
      const note = { jsonrpc: "2.0", method: "n" };
      const bad = await post(url, sessionId, note, { "mcp-protocol-version": "2099-01-01" });
      expect([bad.status, bad.body]).toEqual([
        400,
        refusalBody('Bad Request: unsupported MCP-Protocol-Version "2099-01-01"'),
      ]);
      expect((await post(url, sessionId, note)).status).toBe(202);
      for (const version of ["2025-03-26", "2025-06-18", "2025-11-25"]) {
        expect((await post(url, sessionId, note, { "mcp-protocol-version": version })).status).toBe(202);
      }
      await serve.current?.close();
      // A session whose initialize is never answered has no negotiated revision.
      const { url: url2 } = await serve({ supportedRevisions: ["2025-11-25"], onSession: () => {} });
      const session2 = await openSession(url2);
      expect((await post(url2, session2, note, { "mcp-protocol-version": "2025-11-25" })).status).toBe(202);
      const absent = await post(url2, session2, note);
      expect([absent.status, absent.body]).toEqual([
        400,
        refusalBody('Bad Request: unsupported MCP-Protocol-Version "2025-03-26"'),
      ]);
    });

    it("ignores MCP-Protocol-Version on the initialize POST", async () => {
      const { url } = await serve();
      const response = await raw(url, {
        headers: { ...POST_HEADERS, "mcp-protocol-version": "1999-01-01" },
        body: INIT_BODY,
      });
      expect(response.status).toBe(200);
    });
  });

  describe("POST refusals", () => {
    it("415 for a Content-Type other than application/json, or none", async () => {
      const { url } = await serve();
      const expected = [415, refusalBody("Unsupported Media Type: Content-Type must be application/json")];
      const plain = await raw(url, {
        headers: { ...POST_HEADERS, "content-type": "text/plain" },
        body: INIT_BODY,
      });
      expect([plain.status, plain.body]).toEqual(expected);
      const none = await raw(url, { headers: { accept: POST_HEADERS.accept }, body: INIT_BODY });
      expect([none.status, none.body]).toEqual(expected);
      const charset = await raw(url, {
        headers: { ...POST_HEADERS, "content-type": "application/json; charset=utf-8" },
        body: INIT_BODY,
      });
      expect(charset.status).toBe(200);
    });

    it("406 for an Accept that rules out both JSON and SSE", async () => {
      const { url } = await serve();
      for (const accept of ["text/html", "application/json;q=0, text/event-stream;q=0", "image/*"]) {
        const response = await raw(url, { headers: { ...POST_HEADERS, accept }, body: INIT_BODY });
        expect([response.status, response.body]).toEqual([
          406,
          refusalBody("Not Acceptable: Accept must allow application/json or text/event-stream"),
        ]);
      }
      for (const accept of ["*/*", "application/*", "text/event-stream"]) {
        const response = await raw(url, { headers: { ...POST_HEADERS, accept }, body: INIT_BODY });
        expect(response.status).toBe(200);
      }
    });

    it("413 past maxBodyBytes, with or without Content-Length; exactly the limit passes", async () => {
      const { url } = await serve({ maxBodyBytes: 1024 });
      const padded = (size: number) => {
        const base = JSON.stringify({ ...initializeRequest(1), pad: "" });
        return base.replace('"pad":""', `"pad":"${"x".repeat(size - base.length)}"`);
      };
      expect(Buffer.byteLength(padded(1024))).toBe(1024);
      const expected = [413, refusalBody("Payload Too Large: the limit is 1024 bytes")];
      const over = await raw(url, { headers: POST_HEADERS, body: padded(1025) });
      expect([over.status, over.body]).toEqual(expected);
      const chunked = await raw(url, { headers: POST_HEADERS, body: padded(1025), chunked: true });
      expect([chunked.status, chunked.body]).toEqual(expected);
      const exact = await raw(url, { headers: POST_HEADERS, body: padded(1024), chunked: true });
      expect(exact.status).toBe(200);
    });

    it("400 -32700 for a body that is not JSON, 400 -32600 for JSON that is not JSON-RPC", async () => {
      const { url } = await serve();
      const parse = await raw(url, { headers: POST_HEADERS, body: "{not json" });
      expect(parse.status).toBe(400);
      expect(JSON.parse(parse.body)).toMatchObject({ id: null, error: { code: -32700 } });
      expect(JSON.parse(parse.body).error.message).toMatch(/^Parse error: /);
      const malformed = [
        '{"hello":"world"}',
        "[]",
        "42",
        '{"jsonrpc":"2.0","id":7,"method":42}',
        '{"jsonrpc":"2.0","id":{},"method":"ping"}',
        '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}',
        '{"jsonrpc":"2.0","id":1}',
        '[{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","method":false}]',
      ];
      for (const body of malformed) {
        const response = await raw(url, { headers: POST_HEADERS, body });
        expect([response.status, response.body]).toEqual([
          400,
          refusalBody("Invalid Request: not a JSON-RPC message"),
        ]);
      }
    });

    it("405 with Allow for a method other than GET, POST and DELETE", async () => {
      const { url } = await serve();
      const response = await raw(url, { method: "PUT", headers: POST_HEADERS, body: INIT_BODY });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, POST, DELETE");
      expect(response.body).toBe(refusalBody("Method not allowed"));
    });

    it("503 for a new session once the handler is closing", async () => {
      const { url, handler } = await serve();
      await handler.close();
      const response = await raw(url, { headers: POST_HEADERS, body: INIT_BODY });
      expect([response.status, response.body]).toEqual([
        503,
        refusalBody("Service Unavailable: the endpoint is closing"),
      ]);
    });
  });
});
