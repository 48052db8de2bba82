import { describe, expect, it } from "vitest";
import type { ServeOptions } from "../src/node.js";
import { initializeRequest, POST_HEADERS, STREAM_OPEN } from "./helpers.js";
import { raw, refusalBody, answeringServerPerTest } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

// The status and header rules of http-shared.md not covered by server-post, server-session and
// server-security.

const start = answeringServerPerTest();
const serve = async (options: Partial<ServeOptions> = {}) => (await start(options)).url;

async function initialize(url: string): Promise<string> {
  const response = await raw(url, { headers: POST_HEADERS, body: JSON.stringify(initializeRequest(1)) });
  expect(response.status).toBe(200);
  return String(response.headers["mcp-session-id"]);
}

const NO_SESSION = refusalBody("Not Found: no such session (it may have expired)");

forEachHttpPath(() => {
  describe("status rules", () => {
    it("GET and DELETE with a session id the server never minted get 404", async () => {
      const url = await serve();
      await initialize(url);
      const get = await raw(url, {
        method: "GET",
        headers: { accept: "text/event-stream", "mcp-session-id": "f".repeat(32) },
      });
      expect([get.status, get.body]).toEqual([404, NO_SESSION]);
      const del = await raw(url, { method: "DELETE", headers: { "mcp-session-id": "f".repeat(32) } });
      expect([del.status, del.body]).toEqual([404, NO_SESSION]);
    });

    it("GET and DELETE with an unsupported MCP-Protocol-Version get 400 and leave the session alone", async () => {
      const url = await serve();
      const sessionId = await initialize(url);
      const expected = [400, refusalBody('Bad Request: unsupported MCP-Protocol-Version "1999-01-01"')];
      const headers = { "mcp-session-id": sessionId, "mcp-protocol-version": "1999-01-01" };
      const get = await raw(url, { method: "GET", headers: { ...headers, accept: "text/event-stream" } });
      expect([get.status, get.body]).toEqual(expected);
      const del = await raw(url, { method: "DELETE", headers });
      expect([del.status, del.body]).toEqual(expected);
      expect(start.current?.handler.sessionCount).toBe(1);
    });

    it("HEAD, PUT and PATCH get 405 with Allow", async () => {
      const url = await serve();
      for (const method of ["HEAD", "PUT", "PATCH"]) {
        const response = await raw(url, { method, headers: POST_HEADERS });
        expect([response.status, response.headers.allow], method).toEqual([405, "GET, POST, DELETE"]);
      }
    });

    it("GET accepts Accept */* and text/*, and no Accept at all", async () => {
      const url = await serve();
      const sessionId = await initialize(url);
      for (const accept of ["*/*", "text/*", undefined]) {
        const controller = new AbortController();
        const headers: Record<string, string> = { "mcp-session-id": sessionId };
        if (accept) headers.accept = accept;
        const response = await fetch(url, { headers, signal: controller.signal });
        expect([response.status, response.headers.get("content-type")], String(accept)).toEqual([
          200,
          "text/event-stream",
        ]);
        controller.abort();
        // Let the server see the stream go before the next GET of the session.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });

    it("POST answers on SSE carry headers that stop proxy buffering", async () => {
      const url = await serve({ jsonResponse: false });
      const response = await raw(url, { headers: POST_HEADERS, body: JSON.stringify(initializeRequest(1)) });
      expect([
        response.headers["content-type"],
        response.headers["cache-control"],
        response.headers["x-accel-buffering"],
      ]).toEqual(["text/event-stream", "no-cache", "no"]);
    });

    it("a 2025-03-26 batch of notifications only gets 202; one with requests streams every answer", async () => {
      const url = await serve({ jsonResponse: false });
      const sessionId = await initialize(url);
      const headers = { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-03-26" };
      const notes = await raw(url, {
        headers,
        body: JSON.stringify([
          { jsonrpc: "2.0", method: "a" },
          { jsonrpc: "2.0", method: "b" },
        ]),
      });
      expect([notes.status, notes.body]).toEqual([202, ""]);
      const requests = await raw(url, {
        headers,
        body: JSON.stringify([
          { jsonrpc: "2.0", id: 1, method: "x" },
          { jsonrpc: "2.0", id: 2, method: "y" },
        ]),
      });
      // 2025-03-26 has no priming event; p1-1 and p1-2 were the initialize's priming and result.
      expect(requests.body).toBe(
        `${STREAM_OPEN}id: p2-3\nevent: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"method":"x"}}\n\n` +
          'id: p2-4\nevent: message\ndata: {"jsonrpc":"2.0","id":2,"result":{"method":"y"}}\n\n',
      );
    });
  });
});
