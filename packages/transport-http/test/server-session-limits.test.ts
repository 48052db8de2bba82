import { afterEach, describe, expect, it } from "vitest";
import { initializeRequest, openSse, POST_HEADERS, Recorder, sleep, withTimeout } from "./helpers.js";
import { forEachHttpPath } from "./http-paths.js";
import { RecordingServer } from "./recording-server.js";
import { raw, refusalBody } from "./raw.js";

const served = new RecordingServer();
afterEach(() => served.close());

function initialize(url: string) {
  return raw(url, { headers: POST_HEADERS, body: JSON.stringify(initializeRequest(1)) });
}

async function sessionOf(url: string): Promise<string> {
  const response = await initialize(url);
  expect(response.status).toBe(200);
  return String(response.headers["mcp-session-id"]);
}

function call(url: string, sessionId: string, id: number, method = "tools/list") {
  return raw(url, {
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", id, method }),
  });
}

const SSE_ACCEPT = { accept: "text/event-stream" };
const FULL = refusalBody(
  "Service Unavailable: 2 sessions are open, the most this endpoint allows (maxSessions); try again later",
);

forEachHttpPath(() => {
  describe("maxSessions", () => {
    it("an initialize past the cap gets 503 with Retry-After; open sessions go on serving", async () => {
      const url = await served.serve({ maxSessions: 2 });
      const first = await sessionOf(url);
      const second = await sessionOf(url);
      const refused = await initialize(url);
      expect([refused.status, refused.headers["retry-after"], refused.body]).toEqual([503, "10", FULL]);
      expect(refused.headers["mcp-session-id"]).toBeUndefined();
      expect(served.server?.handler.sessionCount).toBe(2);
      expect(served.transports).toHaveLength(2);
      for (const [index, sessionId] of [first, second].entries()) {
        const answer = await call(url, sessionId, 7 + index);
        expect([answer.status, JSON.parse(answer.body)]).toEqual([
          200,
          { jsonrpc: "2.0", id: 7 + index, result: { method: "tools/list" } },
        ]);
      }
      // A session ending frees its place.
      const deleted = await raw(url, { method: "DELETE", headers: { "mcp-session-id": first } });
      expect(deleted.status).toBe(204);
      expect((await initialize(url)).status).toBe(200);
      expect((await initialize(url)).status).toBe(503);
    });

    it("defaults to 10 000 sessions", async () => {
      const { resolveOptions } = await import("../src/server/options.js");
      expect(resolveOptions({ onSession: () => {} }).maxSessions).toBe(10_000);
    });
  });

  describe("idle expiry and the GET stream", () => {
    it("a session whose only activity is an open GET stream expires, and its stream ends", async () => {
      // Keep-alive comments flow on the stream all along: they are not activity.
      const url = await served.serve({ idleTimeoutMs: 150, keepAliveMs: 20 });
      const sessionId = await sessionOf(url);
      const [transport] = served.transports;
      const stream = await openSse(url, { headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId } });
      expect(stream.response.status).toBe(200);
      // The priming event (2025-11-25); then the stream ends when the session does.
      expect((await stream.next())?.id).toBe("g-1");
      expect(await stream.rest(5000)).toEqual([]);
      expect(transport?.isClosed).toBe(true);
      await withTimeout(transport?.closed ?? Promise.reject(new Error("none")), 5000, "closed");
      expect((await call(url, sessionId, 2)).status).toBe(404);
      expect(served.server?.handler.sessionCount).toBe(0);
    });

    it.each([
      ["an SSE", false],
      ["a JSON", true],
    ])(
      "%s POST waiting for its answer keeps the session; once answered, the session expires",
      async (_, jsonResponse) => {
        const calls = new Recorder();
        const url = await served.serve({
          idleTimeoutMs: 100,
          jsonResponse,
          onSession: async (transport) => {
            served.transports.push(transport);
            // Answers the initialize at once; holds the tools/call until the test answers it.
            await transport.start({
              ...calls,
              onMessage: (value, context) => {
                const message = value as { id: number; method: string };
                if (message.method === "initialize") {
                  void transport.send({
                    jsonrpc: "2.0",
                    id: message.id,
                    result: { protocolVersion: "2025-11-25" },
                  });
                } else calls.onMessage(value, context);
              },
            });
          },
        });
        const sessionId = await sessionOf(url);
        const [transport] = served.transports;
        // The answer is read once given: an SSE stream or a JSON body, as the mode says.
        const slow = fetch(url, {
          method: "POST",
          headers: { ...POST_HEADERS, "mcp-session-id": sessionId },
          body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call" }),
        });
        await calls.until(() => calls.messages.length === 1, "the call");
        await sleep(350);
        expect(transport?.isClosed).toBe(false);
        await transport?.send({ jsonrpc: "2.0", id: 2, result: {} }, { relatedRequestId: 2 });
        const response = await withTimeout(slow, 5000, "the answer");
        expect(response.headers.get("content-type")).toBe(
          jsonResponse ? "application/json" : "text/event-stream",
        );
        const body = await withTimeout(response.text(), 5000, "the answer's body");
        expect(body).toContain('{"jsonrpc":"2.0","id":2,"result":{}}');
        await withTimeout(
          transport?.closed ?? Promise.reject(new Error("none")),
          5000,
          "expiry once answered",
        );
      },
    );

    it("requests keep a session with an open GET stream alive; the others expire meanwhile", async () => {
      const url = await served.serve({ idleTimeoutMs: 300, keepAliveMs: 20 });
      const active = await sessionOf(url);
      const idle = await sessionOf(url);
      const [activeTransport, idleTransport] = served.transports;
      const streams = await Promise.all(
        [active, idle].map((sessionId) =>
          openSse(url, { headers: { ...SSE_ACCEPT, "mcp-session-id": sessionId } }),
        ),
      );
      // A request every 50 ms until the other session has expired (bounded).
      for (let i = 0; i < 100 && !idleTransport?.isClosed; i += 1) {
        await sleep(50);
        expect((await call(url, active, 10 + i)).status).toBe(200);
      }
      expect(idleTransport?.isClosed).toBe(true);
      expect(activeTransport?.isClosed).toBe(false);
      for (const stream of streams) stream.abort();
    });
  });
});
