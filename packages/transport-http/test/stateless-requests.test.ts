import { describe, expect, it } from "vitest";
import { openSession, POST_HEADERS } from "./helpers.js";
import { raw } from "./raw.js";
import { call, envelope, messagesOf, post, postSse, STATELESS, fixturePerTest } from "./stateless-helpers.js";
import { jsonOf } from "./stateless-helpers.js";
import { forEachHttpPath } from "./http-paths.js";

const start = fixturePerTest();

const SERVER_INFO = { "io.modelcontextprotocol/serverInfo": { name: "stateless-fixture", version: "1.0.0" } };

forEachHttpPath(() => {
  describe("stateless requests on the shared endpoint", () => {
    it("answers server/discover with JSON, no session id, every served version listed", async () => {
      const { url } = await start();
      const response = await post(url, call("d1", "server/discover"), { accept: "application/json" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("mcp-session-id")).toBeNull();
      const body = await jsonOf(response);
      expect(body).toMatchObject({
        jsonrpc: "2.0",
        id: "d1",
        result: { resultType: "complete", _meta: SERVER_INFO },
      });
      expect(body.result.supportedVersions).toEqual([
        "2026-07-28",
        "2025-11-25",
        "2025-06-18",
        "2025-03-26",
        "2024-11-05",
      ]);
      expect(body.result.capabilities).toMatchObject({
        tools: { listChanged: true },
        resources: { subscribe: true },
      });
    });

    it("answers tools/call as JSON with jsonResponse: true, and as SSE with jsonResponse: false", async () => {
      const json = await start({ jsonResponse: true });
      const answer = await post(json.url, call(7, "tools/call", { name: "echo", arguments: { text: "hi" } }));
      expect(answer.headers.get("content-type")).toBe("application/json");
      expect(await jsonOf(answer)).toEqual({
        jsonrpc: "2.0",
        id: 7,
        result: { content: [{ type: "text", text: "hi" }], resultType: "complete", _meta: SERVER_INFO },
      });
      await json.close();

      const sse = await start({ jsonResponse: false });
      const reader = await postSse(
        sse.url,
        call(8, "tools/call", { name: "echo", arguments: { text: "ho" } }),
      );
      expect(reader.response.status).toBe(200);
      expect(reader.response.headers.get("content-type")).toBe("text/event-stream");
      expect(await messagesOf(reader)).toEqual([
        {
          jsonrpc: "2.0",
          id: 8,
          result: { content: [{ type: "text", text: "ho" }], resultType: "complete", _meta: SERVER_INFO },
        },
      ]);
    });

    it("by default answers at once as JSON, and streams a request that outlives its macrotask", async () => {
      const { url, observed } = await start();
      const quick = await post(url, call(9, "tools/call", { name: "echo", arguments: { text: "now" } }));
      expect([quick.status, quick.headers.get("content-type")]).toEqual([200, "application/json"]);
      expect((await jsonOf(quick)).result.content).toEqual([{ type: "text", text: "now" }]);
      const held = postSse(url, call(10, "tools/call", { name: "hold", arguments: {} }));
      const reader = await held;
      expect([reader.response.status, reader.response.headers.get("content-type")]).toEqual([
        200,
        "text/event-stream",
      ]);
      observed.release();
      expect((await messagesOf(reader)).map((m) => [m.id, m.result.content])).toEqual([
        [10, [{ type: "text", text: "held" }]],
      ]);
    });

    it("puts progress and requested logs on the request's SSE stream before the result, under the client's id", async () => {
      const { url } = await start();
      const body = call("p", "tools/call", {
        name: "progress",
        arguments: {},
        _meta: envelope({ progressToken: "tok", "io.modelcontextprotocol/logLevel": "debug" }),
      });
      const messages = await messagesOf(await postSse(url, body));
      expect(messages).toEqual([
        {
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: "tok", progress: 1, total: 2, message: "half" },
        },
        { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "working" } },
        {
          jsonrpc: "2.0",
          method: "notifications/progress",
          params: { progressToken: "tok", progress: 2, total: 2, message: "done" },
        },
        {
          jsonrpc: "2.0",
          id: "p",
          result: {
            content: [{ type: "text", text: "finished" }],
            resultType: "complete",
            _meta: SERVER_INFO,
          },
        },
      ]);
    });

    it("sends no log messages to a request that did not ask for them, and no notifications in JSON mode", async () => {
      const { url } = await start({ jsonResponse: false });
      const quiet = await messagesOf(
        await postSse(url, call("q", "tools/call", { name: "progress", arguments: {} })),
      );
      expect(quiet.map((m) => m.method ?? "result")).toEqual(["result"]);
      const json = call("j", "tools/call", {
        name: "progress",
        arguments: {},
        _meta: envelope({ progressToken: 1 }),
      });
      const answer = await post(url, json, { accept: "application/json" });
      expect((await jsonOf(answer)).result.content).toEqual([{ type: "text", text: "finished" }]);
    });

    it("takes notifications with 202 and no body", async () => {
      const { url } = await start();
      const response = await post(url, {
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1 },
      });
      expect(response.status).toBe(202);
      expect(await response.text()).toBe("");
    });

    it("refuses batches and client responses with 400 -32600", async () => {
      const { url } = await start();
      const batch = await raw(url, {
        headers: { ...POST_HEADERS, "mcp-protocol-version": STATELESS, "mcp-method": "tools/list" },
        body: JSON.stringify([call(1, "tools/list")]),
      });
      expect(batch.status).toBe(400);
      expect(JSON.parse(batch.body).error).toEqual({
        code: -32600,
        message: "Invalid Request: the 2026-07-28 era takes one message per POST, not a batch",
      });
      const answer = await post(url, { jsonrpc: "2.0", id: 3, result: {} }, { "mcp-method": "x" });
      expect(answer.status).toBe(400);
      expect((await jsonOf(answer)).error.message).toBe(
        "Invalid Request: clients send no responses in the 2026-07-28 era",
      );
    });
  });

  describe("stateless refusals carry their HTTP status", () => {
    it("unsupported version in header and _meta: 400 with -32022, supported and requested", async () => {
      const { url } = await start();
      const body = call(1, "server/discover", {
        _meta: { ...envelope(), "io.modelcontextprotocol/protocolVersion": "v999.0.0" },
      });
      const response = await post(url, body, { "mcp-protocol-version": "v999.0.0" });
      expect(response.status).toBe(400);
      expect(await jsonOf(response)).toEqual({
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32022,
          message: "Unsupported protocol version",
          data: {
            supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
            requested: "v999.0.0",
          },
        },
      });
    });

    it("missing _meta: 400 with -32602", async () => {
      const { url } = await start();
      const response = await post(url, { jsonrpc: "2.0", id: 2, method: "server/discover", params: {} });
      expect(response.status).toBe(400);
      const body = await jsonOf(response);
      expect(body.id).toBe(2);
      expect(body.error.code).toBe(-32602);
    });

    it("removed and unknown methods: 404 with -32601 echoing the id", async () => {
      const { url } = await start();
      for (const method of [
        "initialize",
        "ping",
        "logging/setLevel",
        "resources/subscribe",
        "unknown/method",
      ]) {
        const response = await post(url, call(`m-${method}`, method));
        expect(response.status, method).toBe(404);
        const body = await jsonOf(response);
        expect(body.id).toBe(`m-${method}`);
        expect(body.error.code).toBe(-32601);
      }
    });

    it("a capability the client did not declare: 400 with -32021", async () => {
      const { url } = await start();
      const body = call(4, "tools/call", { name: "needs_sampling", arguments: {}, _meta: envelope({}, {}) });
      const response = await post(url, body);
      expect(response.status).toBe(400);
      const answer = await jsonOf(response);
      expect(answer.id).toBe(4);
      expect(answer.error.code).toBe(-32021);
      expect(answer.error.data.requiredCapabilities).toEqual({ sampling: {} });
    });

    it("GET and DELETE in the stateless era: 405 Allow POST", async () => {
      const { url } = await start();
      for (const method of ["GET", "DELETE"]) {
        const response = await raw(url, {
          method,
          headers: { accept: "text/event-stream", "mcp-protocol-version": STATELESS },
        });
        expect(response.status, method).toBe(405);
        expect(response.headers.allow).toBe("POST");
      }
    });

    it("subscriptions/listen from a client that accepts only JSON: 406", async () => {
      const { url } = await start();
      const response = await post(url, call(5, "subscriptions/listen", { notifications: {} }), {
        accept: "application/json",
      });
      expect(response.status).toBe(406);
    });
  });

  describe("both eras on one endpoint", () => {
    it("serves a session and stateless clients at the same time, each by its own rules", async () => {
      const { url, server } = await start();
      const sessionId = await openSession(url);
      const sessionCall = fetch(url, {
        method: "POST",
        headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "echo", arguments: { text: "session" } },
        }),
      });
      const statelessCall = post(
        url,
        call(1, "tools/call", { name: "echo", arguments: { text: "stateless" } }),
        {
          accept: "application/json",
        },
      );
      const [fromSession, fromStateless] = await Promise.all([sessionCall, statelessCall]);
      // Both answered at once, so both as JSON (the session era's echo result has no resultType).
      expect(fromSession.headers.get("content-type")).toBe("application/json");
      expect(await jsonOf(fromSession)).toEqual({
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: "session" }] },
      });
      expect((await jsonOf(fromStateless)).result.content).toEqual([{ type: "text", text: "stateless" }]);
      // One engine session per HTTP session, plus one for every stateless client.
      expect([...server.sessions].map((s) => s.era).sort()).toEqual(["session", "stateless"]);
    });

    it("keeps the session era's rules for requests without a stateless version", async () => {
      const { url } = await start();
      const response = await raw(url, {
        headers: POST_HEADERS,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).error.message).toBe("Bad Request: Mcp-Session-Id header is required");
    });
  });
});
