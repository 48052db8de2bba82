// Every SSE response starts with the comment `: stream open`, before anything else is sent: a
// stream with nothing to say yet still has a first chunk (Bun.serve sends headers only with one).
import { afterEach, describe, expect, it } from "vitest";
import { POST_HEADERS, STREAM_OPEN, openSession, withTimeout } from "./helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";
import { type StatelessFixture, call, headersFor, startFixture } from "./stateless-helpers.js";
import type { StreamableHttpServer } from "../src/node.js";

let server: StreamableHttpServer | undefined;
let fixture: StatelessFixture | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fixture?.close();
  fixture = undefined;
});

/** Reads `response` until `length` characters came (bounded per read), then stops reading. */
async function firstText(response: Response, length: number): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < length) {
    const chunk = await withTimeout(reader.read(), 5000, "the stream's first bytes");
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}

forEachHttpPath(() => {
  describe("SSE streams open with a comment", () => {
    it("a session's quiet GET stream (2025-06-18) sends the comment at once, and nothing else", async () => {
      server = await serveOnPath({ onSession: () => {}, keepAliveMs: 0 });
      const sessionId = await openSession(server.url);
      const response = await withTimeout(
        fetch(server.url, {
          headers: {
            accept: "text/event-stream",
            "mcp-session-id": sessionId,
            "mcp-protocol-version": "2025-06-18",
          },
        }),
        5000,
        "the GET stream's headers",
      );
      expect([response.status, response.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
      expect(await firstText(response, STREAM_OPEN.length)).toBe(STREAM_OPEN);
    });

    it("a quiet POST answer stream (2025-06-18) sends the comment before the answer is ready", async () => {
      server = await serveOnPath({ onSession: () => {}, keepAliveMs: 0 });
      const sessionId = await openSession(server.url);
      const response = await withTimeout(
        fetch(server.url, {
          method: "POST",
          headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
          // Nobody answers: the session's transport was never started.
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call" }),
        }),
        5000,
        "the answer stream's headers",
      );
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      expect(await firstText(response, STREAM_OPEN.length)).toBe(STREAM_OPEN);
    });

    it("a stateless (2026-07-28) answer stream sends the comment before the tool answers", async () => {
      fixture = await startFixture({ keepAliveMs: 0 });
      const body = call(1, "tools/call", { name: "hold", arguments: {} });
      const response = await withTimeout(
        fetch(fixture.url, { method: "POST", headers: headersFor(body), body: JSON.stringify(body) }),
        5000,
        "the answer stream's headers",
      );
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      expect(await firstText(response, STREAM_OPEN.length)).toBe(STREAM_OPEN);
      fixture.observed.release();
    });
  });
});
