import { afterEach, describe, expect, it } from "vitest";
import { Recorder, sleep } from "./helpers.js";
import { forEachHttpPath } from "./http-paths.js";
import { bounded, type LegacyTestServer, openRawStream, postJson, startLegacy } from "./legacy-helpers.js";
import { raw, refusalBody } from "./raw.js";

const servers: LegacyTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.http.close()));
});

async function server(options: Parameters<typeof startLegacy>[0] = {}): Promise<LegacyTestServer> {
  const started = await startLegacy(options);
  servers.push(started);
  return started;
}

/** Opens a session: the raw stream, its POST URL, and the server's transport (started, recording). */
async function session(s: LegacyTestServer) {
  const stream = await openRawStream(s.url);
  const endpoint = await stream.next();
  const transport = await s.next();
  const recorder = new Recorder();
  await transport.start(recorder);
  return { stream, postUrl: new URL(endpoint.data, s.url).href, transport, recorder };
}

const PING = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

forEachHttpPath(() => {
  describe("legacy SSE: maxSessions", () => {
    it("a GET past the cap gets 503 with Retry-After; open sessions go on serving", async () => {
      const s = await server({ maxSessions: 2, keepAliveMs: 0 });
      const first = await session(s);
      const second = await session(s);
      const refused = await raw(s.url, { method: "GET", headers: { accept: "text/event-stream" } });
      expect([refused.status, refused.headers["retry-after"], refused.body]).toEqual([
        503,
        "10",
        refusalBody(
          "Service Unavailable: 2 sessions are open, the most this endpoint allows (maxSessions); try again later",
        ),
      ]);
      expect(s.http.handler.sessionCount).toBe(2);
      for (const [index, open] of [first, second].entries()) {
        expect((await postJson(open.postUrl, PING(index))).status).toBe(202);
        await open.recorder.until(() => open.recorder.messages.length === 1, "the ping");
        await open.transport.send({ jsonrpc: "2.0", id: index, result: {} });
        expect((await open.stream.next()).data).toBe(`{"jsonrpc":"2.0","id":${index},"result":{}}`);
      }
      // A session ending frees its place.
      first.stream.abort();
      await bounded(first.transport.closed, 5000, "the first session to close");
      const third = await session(s);
      expect(third.stream.response.status).toBe(200);
      second.stream.abort();
      third.stream.abort();
    });
  });

  describe("legacy SSE: idle expiry", () => {
    it("a session with no POSTs expires after idleTimeoutMs, keep-alives notwithstanding, and its stream ends", async () => {
      const s = await server({ idleTimeoutMs: 150, keepAliveMs: 20 });
      const { stream, postUrl, transport } = await session(s);
      await bounded(stream.ended, 5000, "the stream to end");
      expect(transport.isClosed).toBe(true);
      expect(s.http.handler.sessionCount).toBe(0);
      expect((await postJson(postUrl, PING(1))).status).toBe(404);
    });

    it("POSTs keep a session alive while one without POSTs expires", async () => {
      const s = await server({ idleTimeoutMs: 300, keepAliveMs: 0 });
      const active = await session(s);
      const quiet = await session(s);
      const notification = JSON.stringify({ jsonrpc: "2.0", method: "notifications/x" });
      // A POST every 50 ms until the quiet session has expired (bounded).
      for (let i = 0; i < 100 && !quiet.transport.isClosed; i += 1) {
        await sleep(50);
        expect((await postJson(active.postUrl, notification)).status).toBe(202);
      }
      expect(quiet.transport.isClosed).toBe(true);
      expect(active.transport.isClosed).toBe(false);
      active.stream.abort();
    });

    it("a request still to be answered keeps a session alive, until answered or cancelled", async () => {
      const s = await server({ idleTimeoutMs: 200, keepAliveMs: 0 });
      const { stream, postUrl, transport, recorder } = await session(s);
      // Two requests in flight: one answered later, one cancelled by the client.
      expect((await postJson(postUrl, PING(1))).status).toBe(202);
      expect((await postJson(postUrl, PING(2))).status).toBe(202);
      await recorder.until(() => recorder.messages.length === 2, "the pings");
      await sleep(500);
      expect(transport.isClosed).toBe(false);
      await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
      await sleep(500);
      expect(transport.isClosed).toBe(false);
      const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } };
      expect((await postJson(postUrl, JSON.stringify(cancel))).status).toBe(202);
      await bounded(transport.closed, 5000, "expiry once nothing is owed");
      await bounded(stream.ended, 5000, "the stream to end");
    });
  });
});
