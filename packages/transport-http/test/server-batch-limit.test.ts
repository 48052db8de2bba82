import { afterEach, describe, expect, it } from "vitest";
import type { Transport } from "@mcpkit/core";
import type { LegacySseServer, ServeOptions, StreamableHttpServer } from "../src/node.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";
import { forEachHttpPath, serveLegacyOnPath, serveOnPath } from "./http-paths.js";
import { openRawStream } from "./legacy-helpers.js";
import { raw, refusalBody, respond } from "./raw.js";

/** What the engine was given, member by member, per session. */
let delivered: unknown[] = [];

/** Answers like `respond` and records every message the transport delivers. */
function recordAndRespond(transport: Transport): Promise<void> {
  const start = transport.start.bind(transport);
  transport.start = (handlers) =>
    start({
      ...handlers,
      onMessage: (value, context) => {
        delivered.push(value);
        handlers.onMessage(value, context);
      },
    });
  return respond(transport);
}

function batchOf(size: number, method = "tools/list"): unknown[] {
  return Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method }));
}

function overLimit(size: number, limit: number): string {
  return refusalBody(
    `Invalid Request: a batch of ${size} messages is over the limit of ${limit} (maxBatchSize)`,
  );
}

const V2025_03_26 = { "mcp-protocol-version": "2025-03-26" };

forEachHttpPath(() => {
  describe("Streamable HTTP: maxBatchSize", () => {
    let server: StreamableHttpServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
      delivered = [];
    });

    async function serve(options: Partial<ServeOptions> = {}): Promise<{ url: string; sessionId: string }> {
      server = await serveOnPath({ onSession: recordAndRespond, jsonResponse: true, ...options });
      const init = await raw(server.url, {
        headers: POST_HEADERS,
        body: JSON.stringify(initializeRequest(0)),
      });
      return { url: server.url, sessionId: String(init.headers["mcp-session-id"]) };
    }

    function postBatch(url: string, sessionId: string, batch: unknown[]) {
      return raw(url, {
        headers: { ...POST_HEADERS, ...V2025_03_26, "mcp-session-id": sessionId },
        body: JSON.stringify(batch),
      });
    }

    it("defaults to 100: a batch of 101 is refused with one error and nothing is delivered; 100 is served", async () => {
      const { url, sessionId } = await serve();
      delivered = [];
      const refused = await postBatch(url, sessionId, batchOf(101));
      expect([refused.status, refused.headers["content-type"], refused.body]).toEqual([
        400,
        "application/json",
        overLimit(101, 100),
      ]);
      expect(delivered).toEqual([]);
      const served = await postBatch(url, sessionId, batchOf(100));
      expect(served.status).toBe(200);
      expect((JSON.parse(served.body) as unknown[]).length).toBe(100);
      expect(delivered).toHaveLength(1);
    });

    it("follows the option; the session keeps serving after a refusal", async () => {
      const { url, sessionId } = await serve({ maxBatchSize: 3 });
      delivered = [];
      const refused = await postBatch(url, sessionId, batchOf(4));
      expect([refused.status, refused.body]).toEqual([400, overLimit(4, 3)]);
      // Notifications count as messages too.
      const notifications = Array.from({ length: 4 }, () => ({ jsonrpc: "2.0", method: "n" }));
      const refusedNotifications = await postBatch(url, sessionId, notifications);
      expect([refusedNotifications.status, refusedNotifications.body]).toEqual([400, overLimit(4, 3)]);
      expect(delivered).toEqual([]);
      const served = await postBatch(url, sessionId, batchOf(3));
      expect(JSON.parse(served.body)).toEqual(
        [1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, result: { method: "tools/list" } })),
      );
    });

    it("refuses before looking at the session or the era: no session is made, no stream opened", async () => {
      const { url } = await serve({ maxBatchSize: 2, onStateless: recordAndRespond });
      delivered = [];
      const sessionsBefore = server?.handler.sessionCount;
      const withoutSession = await raw(url, {
        headers: POST_HEADERS,
        body: JSON.stringify(batchOf(3, "initialize")),
      });
      expect([withoutSession.status, withoutSession.body]).toEqual([400, overLimit(3, 2)]);
      const stateless = await raw(url, {
        headers: { ...POST_HEADERS, "mcp-protocol-version": "2026-07-28" },
        body: JSON.stringify(batchOf(3)),
      });
      expect([stateless.status, stateless.body]).toEqual([400, overLimit(3, 2)]);
      expect(server?.handler.sessionCount).toBe(sessionsBefore);
      expect(delivered).toEqual([]);
    });
  });

  describe("legacy SSE: maxBatchSize", () => {
    let legacy: LegacySseServer | undefined;
    afterEach(async () => {
      await legacy?.close();
      legacy = undefined;
      delivered = [];
    });

    it("a POST over the limit is refused with 400 and nothing reaches the engine; smaller ones do", async () => {
      legacy = await serveLegacyOnPath({ onSession: recordAndRespond, keepAliveMs: 0, maxBatchSize: 2 });
      const stream = await openRawStream(legacy.url);
      const endpoint = await stream.next();
      const messages = new URL(endpoint.data, legacy.url).toString();
      const refused = await raw(messages, { headers: POST_HEADERS, body: JSON.stringify(batchOf(3)) });
      expect([refused.status, refused.body]).toEqual([400, overLimit(3, 2)]);
      const accepted = await raw(messages, { headers: POST_HEADERS, body: JSON.stringify(batchOf(2)) });
      expect(accepted.status).toBe(202);
      expect(delivered).toEqual([batchOf(2)]);
      stream.abort();
    });

    it("defaults to 100", async () => {
      legacy = await serveLegacyOnPath({ onSession: recordAndRespond, keepAliveMs: 0 });
      const stream = await openRawStream(legacy.url);
      const messages = new URL((await stream.next()).data, legacy.url).toString();
      const refused = await raw(messages, { headers: POST_HEADERS, body: JSON.stringify(batchOf(101)) });
      expect([refused.status, refused.body]).toEqual([400, overLimit(101, 100)]);
      expect(delivered).toEqual([]);
      stream.abort();
    });
  });
});
