import { afterEach, describe, expect, it } from "vitest";
import { readSse } from "../src/index.js";
import { initializeRequest, POST_HEADERS, withTimeout } from "./helpers.js";
import { raw, refusalBody } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";
import { RecordingServer } from "./recording-server.js";

const served = new RecordingServer();
afterEach(() => served.close());

async function initialize(url: string): Promise<string> {
  const response = await raw(url, { headers: POST_HEADERS, body: JSON.stringify(initializeRequest(1)) });
  return String(response.headers["mcp-session-id"]);
}

const SSE_ACCEPT = { accept: "text/event-stream" };

forEachHttpPath(() => {
  describe("GET, the standalone stream", () => {
    it("carries messages the server sends unrelated to a request, including those sent before it opened", async () => {
      const url = await served.serve();
      const sessionId = await initialize(url);
      const [transport] = served.transports;
      await transport?.send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
      const response = await fetch(url, { headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      await transport?.send({ jsonrpc: "2.0", id: 5, method: "roots/list" });
      const events = readSse(response.body as ReadableStream<Uint8Array>);
      const seen = [];
      for (let i = 0; i < 3; i += 1) seen.push((await withTimeout(events.next(), 5000, `event ${i}`)).value);
      // A priming event first (the session is on 2025-11-25), then the messages, each with an id;
      // the initialize, answered at once, went as JSON and used no event id.
      expect(seen.map((event) => [event?.id, event?.data])).toEqual([
        ["g-1", ""],
        ["g-2", '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'],
        ["g-3", '{"jsonrpc":"2.0","id":5,"method":"roots/list"}'],
      ]);
      await events.return(undefined);
    });

    it("refuses a second GET stream while one is open with 409", async () => {
      const url = await served.serve();
      const sessionId = await initialize(url);
      const controller = new AbortController();
      const first = await fetch(url, {
        headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId },
        signal: controller.signal,
      });
      expect(first.status).toBe(200);
      const second = await raw(url, {
        method: "GET",
        headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId },
      });
      expect([second.status, second.body]).toEqual([
        409,
        refusalBody("Conflict: this session's GET stream is already open"),
      ]);
      controller.abort();
    });

    it("405 with standaloneStream: false; 406 without text/event-stream in Accept; 400/404 for the session", async () => {
      const url = await served.serve({ standaloneStream: false });
      const sessionId = await initialize(url);
      const off = await raw(url, { method: "GET", headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId } });
      expect([off.status, off.headers.allow, off.body]).toEqual([
        405,
        "POST, DELETE",
        refusalBody("Method not allowed: this endpoint has no GET stream"),
      ]);
      await served.server?.close();
      const url2 = await served.serve();
      const session2 = await initialize(url2);
      const json = await raw(url2, {
        method: "GET",
        headers: { accept: "application/json", "mcp-session-id": session2 },
      });
      expect([json.status, json.body]).toEqual([
        406,
        refusalBody("Not Acceptable: Accept must allow text/event-stream"),
      ]);
      const missing = await raw(url2, { method: "GET", headers: SSE_ACCEPT });
      expect([missing.status, missing.body]).toEqual([
        400,
        refusalBody("Bad Request: Mcp-Session-Id header is required"),
      ]);
      const unknown = await raw(url2, {
        method: "GET",
        headers: { ...SSE_ACCEPT, "mcp-session-id": "nope" },
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe("DELETE and expiry", () => {
    it("DELETE ends the session: 204, the transport closes, later requests get 404", async () => {
      const url = await served.serve();
      const sessionId = await initialize(url);
      const [transport] = served.transports;
      const response = await raw(url, { method: "DELETE", headers: { "mcp-session-id": sessionId } });
      expect([response.status, response.body]).toEqual([204, ""]);
      await withTimeout(transport?.closed ?? Promise.reject(new Error("no transport")), 5000, "closed");
      expect(transport?.isClosed).toBe(true);
      expect(served.server?.handler.sessionCount).toBe(0);
      const after = await raw(url, {
        headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
        body: '{"jsonrpc":"2.0","method":"n"}',
      });
      expect(after.status).toBe(404);
      const again = await raw(url, { method: "DELETE", headers: { "mcp-session-id": sessionId } });
      expect(again.status).toBe(404);
    });

    it("DELETE without a session id is 400", async () => {
      const url = await served.serve();
      const response = await raw(url, { method: "DELETE" });
      expect([response.status, response.body]).toEqual([
        400,
        refusalBody("Bad Request: Mcp-Session-Id header is required"),
      ]);
    });

    it("an idle session expires after idleTimeoutMs and then gets 404", async () => {
      const url = await served.serve({ idleTimeoutMs: 100 });
      // Taken before initialize: the idle clock starts when the session is made, so it has run
      // for at least 100 ms from here whatever the load (a lower bound, never a speed target).
      const started = Date.now();
      const sessionId = await initialize(url);
      const [transport] = served.transports;
      await withTimeout(transport?.closed ?? Promise.reject(new Error("no transport")), 5000, "expiry");
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      const after = await raw(url, {
        headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
        body: '{"jsonrpc":"2.0","method":"n"}',
      });
      expect(after.status).toBe(404);
    });

    it("with many sessions on the one idle clock, the idle one expires and the active one lives on", async () => {
      const url = await served.serve({ idleTimeoutMs: 150 });
      const idleId = await initialize(url);
      const activeId = await initialize(url);
      const [idle, active] = served.transports;
      const post = (sessionId: string) =>
        raw(url, {
          headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
          body: '{"jsonrpc":"2.0","method":"n"}',
        });
      for (let i = 0; i < 6; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await post(activeId)).status).toBe(202);
      }
      expect(idle?.isClosed).toBe(true);
      expect(active?.isClosed).toBe(false);
      expect((await post(idleId)).status).toBe(404);
      await withTimeout(active?.closed ?? Promise.reject(new Error("none")), 5000, "expiry of the last");
      expect(served.server?.handler.sessionCount).toBe(0);
    });

    it("closing the handler ends every session", async () => {
      const url = await served.serve();
      await Promise.all([initialize(url), initialize(url), initialize(url)]);
      expect(served.server?.handler.sessionCount).toBe(3);
      await served.server?.handler.close();
      expect(served.transports.map((t) => t.isClosed)).toEqual([true, true, true]);
      expect(served.server?.handler.sessionCount).toBe(0);
    });
  });
});
