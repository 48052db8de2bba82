import { describe, expect, it } from "vitest";
import { type EventStore, MemoryEventStore, type SseEvent } from "../src/index.js";
import type { ServeOptions } from "../src/node.js";
import { openSse, POST_HEADERS, resumeSse, sleep, arrived, recordingServerPerTest } from "./helpers.js";
import { raw, refusalBody } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

const startRecording = recordingServerPerTest();

/** A server whose sessions record what arrives, and one session on it. */
async function serve(options: Partial<ServeOptions> = {}) {
  const recording = await startRecording(options);
  return { url: recording.url, ...(await recording.open()) };
}

const progress = (n: number) => ({
  jsonrpc: "2.0" as const,
  method: "notifications/progress",
  params: { progress: n },
});
const note = (n: number) => ({ jsonrpc: "2.0" as const, method: "notifications/message", params: { n } });
const data = (events: readonly (SseEvent | undefined)[]) => events.map((event) => event?.data);

function callTool(url: string, sessionId: string, id: number, version = "2025-11-25") {
  return openSse(url, {
    method: "POST",
    headers: { ...POST_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": version },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow" } }),
  });
}

function openGet(url: string, sessionId: string) {
  return openSse(url, {
    headers: {
      accept: "text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
    },
  });
}

/** A GET resuming after `lastEventId`, read whole (for refusals and ended streams). */
function resumeRaw(url: string, sessionId: string, lastEventId: string) {
  return raw(url, {
    method: "GET",
    headers: { accept: "text/event-stream", "mcp-session-id": sessionId, "last-event-id": lastEventId },
  });
}

forEachHttpPath(() => {
  describe("resuming a POST's stream with Last-Event-ID", () => {
    for (const version of ["2025-03-26", "2025-11-25"]) {
      it(`a dropped stream resumes with no lost and no duplicated messages, in order (${version})`, async () => {
        const { url, sessionId, transport, recorder } = await serve();
        const first = await callTool(url, sessionId, 7, version);
        await arrived(recorder, 7);
        const related = { relatedRequestId: 7 };
        const seen: SseEvent[] = [];
        if (version === "2025-11-25") {
          const priming = await first.next();
          expect([priming?.data, priming?.retry]).toEqual(["", 1000]);
        }
        for (let n = 1; n <= 3; n += 1) {
          await transport.send(progress(n), related);
          seen.push((await first.next()) as SseEvent);
        }
        first.abort();
        // Some of these may still reach the dying connection, the rest only the event store.
        for (let n = 4; n <= 6; n += 1) await transport.send(progress(n), related);
        await sleep(50);
        for (let n = 7; n <= 8; n += 1) await transport.send(progress(n), related);
        const resumed = await resumeSse(url, sessionId, seen.at(-1)?.id as string);
        expect(resumed.response.status).toBe(200);
        expect(resumed.response.headers.get("content-type")).toBe("text/event-stream");
        // Live again: these go straight to the resumed connection.
        for (let n = 9; n <= 10; n += 1) await transport.send(progress(n), related);
        await transport.send({ jsonrpc: "2.0", id: 7, result: { content: [] } }, related);
        const rest = await resumed.rest();
        const all = [...seen, ...rest];
        expect(data(all)).toEqual([
          ...Array.from({ length: 10 }, (_, i) => JSON.stringify(progress(i + 1))),
          '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}',
        ]);
        // Ids name the stream and count on through the session.
        const ids = all.map((event) => event.id as string);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.every((id) => /^p2-\d+$/.test(id))).toBe(true);
        const numbers = ids.map((id) => Number(id.split("-")[1]));
        expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
      });
    }

    it("a stream whose answer came while it was away replays it and ends; again from the same id too", async () => {
      const { url, sessionId, transport, recorder } = await serve();
      const call = await callTool(url, sessionId, 3);
      await arrived(recorder, 3);
      const priming = (await call.next()) as SseEvent;
      call.abort();
      await sleep(20);
      await transport.send(progress(1), { relatedRequestId: 3 });
      await transport.send({ jsonrpc: "2.0", id: 3, result: {} }, { relatedRequestId: 3 });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const resumed = await resumeSse(url, sessionId, priming.id as string);
        expect(data(await resumed.rest())).toEqual([
          JSON.stringify(progress(1)),
          '{"jsonrpc":"2.0","id":3,"result":{}}',
        ]);
      }
    });

    it("replays only the stream the id belongs to", async () => {
      const { url, sessionId, transport, recorder } = await serve();
      const a = await callTool(url, sessionId, 1);
      const b = await callTool(url, sessionId, 2);
      await arrived(recorder, 1);
      await arrived(recorder, 2);
      const primingA = (await a.next()) as SseEvent;
      await b.next();
      a.abort();
      await transport.send(progress(1), { relatedRequestId: 1 });
      await transport.send(progress(2), { relatedRequestId: 2 });
      await transport.send(note(1));
      await transport.send({ jsonrpc: "2.0", id: 1, result: {} }, { relatedRequestId: 1 });
      const resumed = await resumeSse(url, sessionId, primingA.id as string);
      expect(data(await resumed.rest())).toEqual([
        JSON.stringify(progress(1)),
        '{"jsonrpc":"2.0","id":1,"result":{}}',
      ]);
      expect(data([await b.next()])).toEqual([JSON.stringify(progress(2))]);
      b.abort();
    });

    it("messages sent while the event store is still replaying follow the replay, once each", async () => {
      const memory = new MemoryEventStore();
      let slow = false;
      const store: EventStore = {
        append: (sessionId, event) => memory.append(sessionId, event),
        dropSession: (sessionId) => memory.dropSession(sessionId),
        // Answers as of the call, but late: what is sent meanwhile is not in the answer.
        eventsAfter: async (sessionId, eventId) => {
          const events = await memory.eventsAfter(sessionId, eventId);
          if (slow) await sleep(100);
          return events;
        },
      };
      const { url, sessionId, transport, recorder } = await serve({ eventStore: store });
      const call = await callTool(url, sessionId, 4);
      await arrived(recorder, 4);
      const priming = (await call.next()) as SseEvent;
      await transport.send(progress(1), { relatedRequestId: 4 });
      call.abort();
      slow = true;
      const resuming = resumeSse(url, sessionId, priming.id as string);
      await sleep(30);
      for (let n = 2; n <= 4; n += 1) await transport.send(progress(n), { relatedRequestId: 4 });
      await transport.send({ jsonrpc: "2.0", id: 4, result: {} }, { relatedRequestId: 4 });
      const events = await (await resuming).rest();
      expect(data(events)).toEqual([
        ...[1, 2, 3, 4].map((n) => JSON.stringify(progress(n))),
        '{"jsonrpc":"2.0","id":4,"result":{}}',
      ]);
    });
  });

  describe("resuming the GET stream", () => {
    it("replays what a dropped GET stream missed, then goes on live", async () => {
      const { url, sessionId, transport } = await serve();
      const get = await openGet(url, sessionId);
      expect((await get.next())?.data).toBe("");
      const seen: SseEvent[] = [];
      for (let n = 1; n <= 2; n += 1) {
        await transport.send(note(n));
        seen.push((await get.next()) as SseEvent);
      }
      get.abort();
      for (let n = 3; n <= 5; n += 1) await transport.send(note(n));
      const resumed = await resumeSse(url, sessionId, seen.at(-1)?.id as string);
      const replayed = [await resumed.next(), await resumed.next(), await resumed.next()];
      await transport.send(note(6));
      const live = await resumed.next();
      expect(data([...seen, ...replayed, live])).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => JSON.stringify(note(n))),
      );
      expect(seen.concat(replayed as SseEvent[], live as SseEvent).every((e) => e.id?.startsWith("g-"))).toBe(
        true,
      );
      resumed.abort();
    });

    it("a resume takes the stream over from a connection the server still thinks is open", async () => {
      const { url, sessionId, transport } = await serve();
      const get = await openGet(url, sessionId);
      await get.next();
      await transport.send(note(1));
      const one = (await get.next()) as SseEvent;
      const resumed = await resumeSse(url, sessionId, one.id as string);
      expect(await get.rest()).toEqual([]);
      await transport.send(note(2));
      expect((await resumed.next())?.data).toBe(JSON.stringify(note(2)));
      resumed.abort();
    });
  });

  describe("a failing event store", () => {
    it("does not stop live delivery; its errors go to onError; a resume it fails gets 500", async () => {
      const errors: unknown[] = [];
      const store: EventStore = {
        append: async () => {
          throw new Error("store down");
        },
        eventsAfter: async () => {
          throw new Error("store down");
        },
        dropSession: async () => {},
      };
      const { url, sessionId, transport } = await serve({
        eventStore: store,
        onError: (e) => errors.push(e),
      });
      const get = await openGet(url, sessionId);
      const priming = (await get.next()) as SseEvent;
      await transport.send(note(1));
      expect((await get.next())?.data).toBe(JSON.stringify(note(1)));
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors.every((e) => (e as Error).message === "store down")).toBe(true);
      const resume = await resumeRaw(url, sessionId, priming.id as string);
      expect([resume.status, resume.body]).toEqual([500, refusalBody("Internal error", -32603)]);
      // The GET stream lost its connection to the failed resume, but nothing sent later is lost.
      await transport.send(note(2));
      const fresh = await openGet(url, sessionId);
      expect(data([await fresh.next(), await fresh.next()])).toEqual(["", JSON.stringify(note(2))]);
      fresh.abort();
    });
  });

  describe("a stream's first event and the event store", () => {
    it("a POST answered by one message (no priming) leaves nothing in the event store", async () => {
      const store = new MemoryEventStore();
      const { url, sessionId, transport, recorder } = await serve({ eventStore: store });
      const call = await callTool(url, sessionId, 4, "2025-06-18");
      await arrived(recorder, 4);
      await transport.send({ jsonrpc: "2.0", id: 4, result: {} }, { relatedRequestId: 4 });
      const answer = (await call.next()) as SseEvent;
      expect(answer.data).toBe('{"jsonrpc":"2.0","id":4,"result":{}}');
      expect(await call.next()).toBeUndefined();
      await sleep(20);
      // Nothing can be replayed from it, and the client holding its id has the whole stream.
      expect(store.size).toBe(0);
      const resume = await resumeRaw(url, sessionId, answer.id as string);
      expect(resume.status).toBe(410);
    });

    it("a resume from the first event (no priming) of a stream that goes on gets what follows", async () => {
      const store = new MemoryEventStore();
      const { url, sessionId, transport, recorder } = await serve({ eventStore: store });
      const call = await callTool(url, sessionId, 5, "2025-03-26");
      await arrived(recorder, 5);
      const related = { relatedRequestId: 5 };
      await transport.send(progress(1), related);
      const first = (await call.next()) as SseEvent;
      call.abort();
      await sleep(20);
      const resumed = await resumeSse(url, sessionId, first.id as string);
      expect(resumed.response.status).toBe(200);
      await transport.send(progress(2), related);
      await transport.send({ jsonrpc: "2.0", id: 5, result: {} }, related);
      expect(data(await resumed.rest())).toEqual([
        JSON.stringify(progress(2)),
        '{"jsonrpc":"2.0","id":5,"result":{}}',
      ]);
      expect(store.size).toBe(3);
      // Again from the same id: the rest is replayed from the store.
      const again = await resumeSse(url, sessionId, first.id as string);
      expect(data(await again.rest())).toEqual([
        JSON.stringify(progress(2)),
        '{"jsonrpc":"2.0","id":5,"result":{}}',
      ]);
    });
  });

  describe("refused resumes", () => {
    it("410 for an id the event store does not know: malformed, never sent, or dropped", async () => {
      const { url, sessionId, transport } = await serve({
        eventStore: new MemoryEventStore({ maxEventsPerSession: 3 }),
      });
      const get = await openGet(url, sessionId);
      const primingId = (await get.next())?.id as string;
      for (let n = 1; n <= 4; n += 1) {
        await transport.send(note(n));
        await get.next();
      }
      for (const id of ["garbage", "p99-1", "g-9999", primingId]) {
        const response = await resumeRaw(url, sessionId, id);
        expect([response.status, response.body], id).toEqual([
          410,
          refusalBody(`Gone: no events to resume after Last-Event-ID ${JSON.stringify(id)}`),
        ]);
      }
      get.abort();
    });

    it("404 for a resume in an unknown or deleted session, 400 without one", async () => {
      const { url, sessionId } = await serve();
      const headers = { accept: "text/event-stream", "last-event-id": "g-1" };
      expect(
        (await raw(url, { method: "GET", headers: { ...headers, "mcp-session-id": "nope" } })).status,
      ).toBe(404);
      expect((await raw(url, { method: "GET", headers })).status).toBe(400);
      await raw(url, { method: "DELETE", headers: { "mcp-session-id": sessionId } });
      expect(
        (await raw(url, { method: "GET", headers: { ...headers, "mcp-session-id": sessionId } })).status,
      ).toBe(404);
    });
  });
});
