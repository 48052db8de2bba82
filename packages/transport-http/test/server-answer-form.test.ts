import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type HttpServerTransport, MemoryEventStore } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { initializeRequest, POST_HEADERS, STREAM_OPEN, sleep } from "./helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";
import { raw } from "./raw.js";

// The default `jsonResponse: "when-ready"`: a POST answered in full before anything else is sent
// for it and before the next macrotask gets one JSON body; anything else becomes an SSE stream.

let server: StreamableHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A session that answers by method: `now` in the delivering turn, `micro` after a microtask,
 * `later` after 20 ms, `chatty` with a related progress notification first, then at once.
 */
function timedSession(transport: HttpServerTransport): Promise<void> {
  const answer = (id: string | number, result: Record<string, unknown>) =>
    void transport.send({ jsonrpc: "2.0", id, result }, { relatedRequestId: id });
  return transport.start({
    onMessage: (value) => {
      for (const member of Array.isArray(value) ? value : [value]) {
        const { id, method } = member as { id?: string | number; method?: string };
        if (id === undefined) continue;
        if (method === "initialize") answer(id, { protocolVersion: "2025-11-25" });
        else if (method === "now") answer(id, { at: "now" });
        else if (method === "micro") queueMicrotask(() => answer(id, { at: "micro" }));
        else if (method === "later") setTimeout(() => answer(id, { at: "later" }), 20);
        else if (method === "chatty") {
          const progress = {
            jsonrpc: "2.0" as const,
            method: "notifications/progress",
            params: { progress: 1 },
          };
          void transport.send(progress, { relatedRequestId: id });
          answer(id, { at: "chatty" });
        }
      }
    },
    onUnreadable: () => {},
    onClose: () => {},
  });
}

async function serve(options: Partial<ServeOptions> = {}): Promise<string> {
  server = await serveOnPath({ onSession: timedSession, ...options });
  return server.url;
}

async function session(url: string, protocolVersion = "2025-11-25"): Promise<Record<string, string>> {
  const init = await raw(url, { headers: POST_HEADERS, body: JSON.stringify(initializeRequest(1)) });
  expect([init.status, init.headers["content-type"]]).toEqual([200, "application/json"]);
  return {
    ...POST_HEADERS,
    "mcp-session-id": String(init.headers["mcp-session-id"]),
    "mcp-protocol-version": protocolVersion,
  };
}

const result = (id: string | number, at: string) => JSON.stringify({ jsonrpc: "2.0", id, result: { at } });

forEachHttpPath(() => {
  describe("jsonResponse: when-ready (the default)", () => {
    it("answers with one JSON body when the answer comes in the delivering turn or its microtasks", async () => {
      const store = new MemoryEventStore();
      const url = await serve({ eventStore: store });
      const headers = await session(url);
      for (const method of ["now", "micro"]) {
        const answer = await raw(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method }) });
        expect([answer.status, answer.headers["content-type"], answer.body]).toEqual([
          200,
          "application/json",
          result(2, method),
        ]);
      }
      // Nothing went on a stream, so nothing was kept for a resume.
      expect(store.size).toBe(0);
    });

    it("streams an answer that comes after the next macrotask: priming event, then the result", async () => {
      const url = await serve();
      const headers = await session(url);
      const answer = await raw(url, {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "later" }),
      });
      expect([answer.status, answer.headers["content-type"]]).toEqual([200, "text/event-stream"]);
      // The session's first stream (the initialize went as JSON), so p1 and event ids from 1.
      expect(answer.body).toBe(
        `${STREAM_OPEN}id: p1-1\nretry: 1000\ndata:\n\nid: p1-2\nevent: message\ndata: ${result(3, "later")}\n\n`,
      );
    });

    it("streams as soon as a related message is sent, and keeps it before the answer", async () => {
      const url = await serve();
      const headers = await session(url);
      const answer = await raw(url, {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "chatty" }),
      });
      expect(answer.headers["content-type"]).toBe("text/event-stream");
      const data = answer.body
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6));
      expect(data).toEqual([
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } }),
        result(4, "chatty"),
      ]);
    });

    it("answers a 2025-03-26 batch answered at once with a JSON array, and streams one that is not, held answers first", async () => {
      const url = await serve();
      const headers = await session(url, "2025-03-26");
      const batch = (second: string) =>
        raw(url, {
          headers,
          body: JSON.stringify([
            { jsonrpc: "2.0", id: 1, method: "now" },
            { jsonrpc: "2.0", id: 2, method: second },
          ]),
        });
      const atOnce = await batch("micro");
      expect([atOnce.headers["content-type"], atOnce.body]).toEqual([
        "application/json",
        `[${result(1, "now")},${result(2, "micro")}]`,
      ]);
      const mixed = await batch("later");
      expect([mixed.headers["content-type"], mixed.body]).toEqual([
        "text/event-stream",
        // 2025-03-26 has no priming event.
        `${STREAM_OPEN}id: p1-1\nevent: message\ndata: ${result(1, "now")}\n\nid: p1-2\nevent: message\ndata: ${result(2, "later")}\n\n`,
      ]);
    });

    it("streams to a client that accepts only SSE, even an answer given at once", async () => {
      const url = await serve();
      const headers = await session(url);
      const answer = await raw(url, {
        headers: { ...headers, accept: "text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "now" }),
      });
      expect([answer.headers["content-type"], answer.body]).toEqual([
        "text/event-stream",
        `${STREAM_OPEN}id: p1-1\nretry: 1000\ndata:\n\nid: p1-2\nevent: message\ndata: ${result(5, "now")}\n\n`,
      ]);
    });

    it("keeps a late answer for a resume when the client leaves before it is ready, and serves on", async () => {
      const store = new MemoryEventStore();
      const url = await serve({ eventStore: store });
      const headers = await session(url);
      // Sent in full, then the connection is dropped at once: the answer (20 ms later) is not ready.
      await new Promise<void>((resolve) => {
        const body = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "later" });
        const req = httpRequest(url, {
          method: "POST",
          headers: { ...headers, "content-length": String(body.length) },
        });
        req.on("error", () => resolve());
        req.end(body, () => {
          req.destroy();
          resolve();
        });
      });
      await sleep(60);
      // The stream was opened for the late answer: its priming event and the answer wait in the store.
      expect(store.size).toBe(2);
      const next = await raw(url, {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "now" }),
      });
      expect([next.status, next.body]).toEqual([200, result(8, "now")]);
    });

    it("ends a stream, as before, when the session ends before the answer could be chosen", async () => {
      const url = await serve({
        onSession: (transport) =>
          transport.start({
            onMessage: (value) => {
              const { id, method } = value as { id?: number; method?: string };
              if (method === "initialize" && id !== undefined) {
                void transport.send({ jsonrpc: "2.0", id, result: { protocolVersion: "2025-11-25" } });
              } else if (method === "quit") void transport.close();
            },
            onUnreadable: () => {},
            onClose: () => {},
          }),
      });
      const headers = await session(url);
      const answer = await raw(url, {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 6, method: "quit" }),
      });
      expect([answer.status, answer.headers["content-type"], answer.body]).toEqual([
        200,
        "text/event-stream",
        `${STREAM_OPEN}id: p1-1\nretry: 1000\ndata:\n\n`,
      ]);
    });
  });
});
