// A server's `retry: 0` must not make the client reopen streams as fast as it can (issue 19,
// item 9): every wait is at least `minDelayMs`, and streams that keep ending with nothing in them
// back off exponentially, capped, until one brings something.
import { describe, expect, it } from "vitest";
import { AbortSwitch } from "../src/client/abort-switch.js";
import { type Reopened, ResumableStream } from "../src/client/event-stream.js";
import type { HttpReply } from "../src/client/http-sender.js";
import { LegacySseClientTransport, ReconnectPolicy } from "../src/index.node.js";
import { SESSION, answerPlainly, closedAfterEach, openSse, sseEvent } from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { SENDERS, clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

/** A reply whose body is `text`, all at once, then its end. */
function replyOf(text: string): HttpReply {
  return {
    status: 200,
    statusText: "OK",
    header: (name) => (name === "content-type" ? "text/event-stream" : null),
    headers: () => new Headers({ "content-type": "text/event-stream" }),
    text: async () => text,
    stream: async (sink) => {
      sink(text);
      return true;
    },
    cancel: () => {},
  };
}

/**
 * Runs a standalone-like stream whose every reopening gets `bodies[i]` (then a fatal end), with a
 * sleep that records the waits asked for and returns at once: no clock involved.
 */
async function waitsFor(first: string, bodies: readonly string[], policy = new ReconnectPolicy()) {
  const waits: number[] = [];
  const delivered: string[] = [];
  let reopened = 0;
  const end = await new ResumableStream(
    {
      deliver: (data) => delivered.push(data),
      tooLarge: () => {},
      finished: () => false,
      reopen: async (): Promise<Reopened> => {
        const body = bodies[reopened++];
        if (body === undefined) return { kind: "fatal", error: new Error("enough") };
        return { kind: "stream", reply: replyOf(body) };
      },
    },
    {
      what: "the test stream",
      policy,
      abort: new AbortSwitch(),
      resumable: true,
      reopenWithoutId: true,
      maxDataLength: 1000,
      sleep: async (ms) => {
        waits.push(ms);
        return true;
      },
    },
  ).run(replyOf(first));
  return { waits, delivered, end };
}

const EMPTY = "retry: 0\n\n";
const MESSAGE = `retry: 0\n\n${sseEvent({ data: { jsonrpc: "2.0", method: "n" } })}`;

describe("reconnect floor and backoff (injected sleep)", () => {
  it("retry: 0 and streams that end with nothing: 250 ms, then doubling up to maxDelayMs", async () => {
    const { waits, end } = await waitsFor(EMPTY, Array(9).fill(EMPTY));
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
    expect(end.kind).toBe("failed");
  });

  it("a stream that brings a message starts the backoff again from the floor", async () => {
    const { waits, delivered } = await waitsFor(MESSAGE, [EMPTY, EMPTY, MESSAGE, EMPTY]);
    expect(waits).toEqual([250, 500, 1000, 250, 500]);
    expect(delivered.length).toBe(2);
  });

  it("a new event id is progress too (a polling server): each poll waits the server's retry, floored", async () => {
    const poll = (n: number) => sseEvent({ id: `p${n}`, retry: 100, data: "" });
    const { waits } = await waitsFor(poll(0), [poll(1), poll(2), poll(3)]);
    expect(waits).toEqual([250, 250, 250, 250]);
  });

  it("minDelayMs and maxDelayMs are options; the floor is under the server's retry and the client's own delay", () => {
    const policy = new ReconnectPolicy({ minDelayMs: 100, initialDelayMs: 10, maxDelayMs: 1000 });
    expect([1, 2, 3, 4, 5].map((n) => policy.delayMs(n, 0))).toEqual([100, 200, 400, 800, 1000]);
    expect([1, 2].map((n) => policy.delayMs(n, undefined))).toEqual([100, 200]);
    expect(policy.delayMs(1, 5000)).toBe(5000);
    expect(new ReconnectPolicy().delayMs(1, 0)).toBe(250);
    expect(() => new ReconnectPolicy({ minDelayMs: -1 })).toThrow(
      "reconnect.minDelayMs must be a finite number >= 0 (got -1)",
    );
  });
});

describeEachSender("a server that answers every GET with retry: 0 and an empty stream", () => {
  it("is reopened after at least 500 ms, then 1000 ms: not a thousand times a second", async () => {
    const server = await open.scripted((arrival) => {
      if (arrival.method !== "GET") return answerPlainly(arrival);
      openSse(arrival.res);
      arrival.res.end(EMPTY);
    });
    const transport = clientTransport(server.url, { sessionId: SESSION, protocolVersion: "2025-11-25" });
    open.push(transport);
    await transport.start(new Recorder());
    await server.until(() => server.of("GET").length >= 3, "three GETs", 5000);
    const [first, second, third] = server.of("GET").map((arrival) => arrival.at);
    // Lower bounds only: a timer never fires early (a millisecond of slack for clock rounding).
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(499);
    expect((third as number) - (second as number)).toBeGreaterThanOrEqual(999);
    await transport.close();
  });
});

for (const sender of SENDERS) {
  describe(`HTTP+SSE client and retry: 0 [${sender.name}]`, () => {
    it("never reopens its stream: the stream ending closes the transport after one GET", async () => {
      const server = await open.scripted((arrival) => {
        if (arrival.method !== "GET") return void arrival.res.writeHead(202).end();
        openSse(arrival.res);
        arrival.res.write(sseEvent({ event: "endpoint", retry: 0, data: "/messages?sessionId=1" }));
        setTimeout(() => arrival.res.end(EMPTY), 20);
      });
      const transport = new LegacySseClientTransport(server.url, { fetch: sender.options.fetch });
      open.push(transport);
      const recorder = new Recorder();
      await transport.start(recorder);
      await recorder.until(() => recorder.closes.length === 1, "the close");
      expect(recorder.closes).toEqual([undefined]);
      expect(server.of("GET").length).toBe(1);
    });
  });
}
