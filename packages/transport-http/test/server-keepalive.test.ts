import { afterEach, describe, expect, it } from "vitest";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { openSession, POST_HEADERS, STREAM_OPEN, sleep, withTimeout } from "./helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";

let server: StreamableHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(options: Partial<ServeOptions>): Promise<string> {
  server = await serveOnPath({ onSession: () => {}, ...options });
  return server.url;
}

/** Collects the raw text of a response body for `ms`, then drops the connection. */
async function collect(response: Response, ms: number): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const until = Date.now() + ms;
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) break;
    const chunk = await Promise.race([reader.read(), sleep(left).then(() => undefined)]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}

const GET = { accept: "text/event-stream", "mcp-protocol-version": "2025-06-18" };

forEachHttpPath(() => {
  describe("SSE keep-alive comments", () => {
    it("an idle GET stream gets ': keep-alive' comments every keepAliveMs", async () => {
      const url = await serve({ keepAliveMs: 40 });
      const sessionId = await openSession(url);
      const response = await withTimeout(
        fetch(url, { headers: { ...GET, "mcp-session-id": sessionId } }),
        5000,
        "GET",
      );
      const text = await collect(response, 230);
      const count = text.split(": keep-alive\n\n").length - 1;
      expect(text.replaceAll(": keep-alive\n\n", "")).toBe(STREAM_OPEN);
      expect(text.startsWith(STREAM_OPEN)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(6);
    });

    it("a POST's SSE answer gets them too while the answer is pending", async () => {
      const url = await serve({ keepAliveMs: 40 });
      const sessionId = await openSession(url);
      const response = await fetch(url, {
        method: "POST",
        headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call" }),
      });
      expect(await collect(response, 150)).toMatch(/^: stream open\n\n(: keep-alive\n\n){2,4}$/);
    });

    it("keepAliveMs: 0 sends none", async () => {
      const url = await serve({ keepAliveMs: 0 });
      const sessionId = await openSession(url);
      const response = await fetch(url, { headers: { ...GET, "mcp-session-id": sessionId } });
      expect(await collect(response, 150)).toBe(STREAM_OPEN);
    });
  });
});
