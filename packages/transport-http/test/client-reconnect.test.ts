import { setTimeout as delay } from "node:timers/promises";
import { Connection, LocalError, SessionClientEra } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import {
  ReconnectPolicy,
  SessionExpiredError,
  type StreamableHttpClientOptions,
  type StreamableHttpClientTransport,
} from "../src/index.js";
import {
  type Arrival,
  SESSION,
  type ScriptedServer,
  answerPlainly,
  dropConnection,
  methodOf,
  note,
  openSse,
  result,
  sseEvent,
  closedAfterEach,
  type Script,
} from "./client-helpers.js";
import { Recorder } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const scripted = (script: Script) => open.scripted(script);

/** A client transport joining the scripted session, started with a recorder. */
async function joined(
  server: ScriptedServer,
  options: StreamableHttpClientOptions = {},
): Promise<{ transport: StreamableHttpClientTransport; recorder: Recorder }> {
  const transport = clientTransport(server.url, {
    sessionId: SESSION,
    protocolVersion: "2025-11-25",
    ...options,
  });
  open.push(transport);
  const recorder = new Recorder();
  await transport.start(recorder);
  return { transport, recorder };
}

const CALL = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "slow" } } as const;
const PROGRESS = note("notifications/progress", { progressToken: 7, progress: 1 });
const ANSWER = result(7, { content: [] });

const isResume = (arrival: Arrival) =>
  arrival.method === "GET" && arrival.headers["last-event-id"] !== undefined;

describeEachSender("resuming a POST's SSE answer", () => {
  it("reconnects by GET with the last event id after the server's retry; nothing lost, nothing twice", async () => {
    let droppedAt = 0;
    const server = await scripted(async (arrival) => {
      const { res } = arrival;
      if (methodOf(arrival) === "tools/call") {
        openSse(res);
        res.write(sseEvent({ id: "p1", retry: 80, data: "" }));
        res.write(sseEvent({ id: "e1", data: PROGRESS }));
        await delay(30);
        droppedAt = Date.now();
        return dropConnection(res);
      }
      if (isResume(arrival)) {
        openSse(res);
        // A careless server replays the event the client already has: it must not arrive twice.
        res.write(sseEvent({ id: "e1", data: PROGRESS }));
        res.write(sseEvent({ id: "e2", data: ANSWER }));
        return void res.end();
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, {
      reconnect: { initialDelayMs: 5, minDelayMs: 0 },
      headers: () => ({ authorization: "Bearer resume-too" }),
    });
    await transport.send(CALL);
    await recorder.until(() => recorder.messages.length >= 2, "the progress and the answer");
    await delay(150);

    expect(recorder.messages).toEqual([PROGRESS, ANSWER]);
    const resumes = server.arrivals.filter(isResume);
    expect(resumes).toHaveLength(1);
    const resume = resumes[0] as Arrival;
    expect(resume.headers["last-event-id"]).toBe("e1");
    expect(resume.headers["mcp-session-id"]).toBe(SESSION);
    expect(resume.headers["mcp-protocol-version"]).toBe("2025-11-25");
    expect(resume.headers.accept).toBe("text/event-stream");
    expect(resume.headers.authorization).toBe("Bearer resume-too");
    // The server's retry (80 ms) wins over the 5 ms initial delay.
    expect(resume.at - droppedAt).toBeGreaterThanOrEqual(75);
    expect(transport.closeError).toBeUndefined();
    expect(recorder.closes).toEqual([]);
  });

  it("resumes a stream the server closed on purpose after priming it (SSE polling)", async () => {
    const server = await scripted((arrival) => {
      const { res } = arrival;
      if (methodOf(arrival) === "tools/call") {
        openSse(res);
        res.write(sseEvent({ id: "poll-1", retry: 20, data: "" }));
        return void res.end();
      }
      if (isResume(arrival) && arrival.headers["last-event-id"] === "poll-1") {
        openSse(res);
        res.write(sseEvent({ id: "poll-2", retry: 20, data: "" }));
        return void res.end();
      }
      if (isResume(arrival)) {
        openSse(res);
        res.write(sseEvent({ id: "poll-3", data: ANSWER }));
        return void res.end();
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server);
    await transport.send(CALL);
    await recorder.until(() => recorder.messages.length >= 1, "the answer");
    await delay(100);
    expect(recorder.messages).toEqual([ANSWER]);
    expect(server.arrivals.filter(isResume).map((a) => a.headers["last-event-id"])).toEqual([
      "poll-1",
      "poll-2",
    ]);
    expect(transport.closeError).toBeUndefined();
  });

  it("closes with a clear error when the stream breaks and the server gave no event id", async () => {
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) === "tools/call") {
        openSse(arrival.res);
        arrival.res.write(sseEvent({ data: PROGRESS }));
        await delay(20);
        return dropConnection(arrival.res);
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, { reconnect: { initialDelayMs: 1, minDelayMs: 0 } });
    await transport.send(CALL);
    await transport.closed;
    expect(recorder.messages).toEqual([PROGRESS]);
    const error = recorder.closes[0];
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe("transport_failed");
    expect(error?.message).toBe(
      "the SSE answer to tools/call (id 7) broke off before its answer arrived, and the server gave no event id to resume from",
    );
    expect(transport.closeError).toBe(error);
    expect(server.arrivals.filter(isResume)).toEqual([]);
    await expect(transport.send(CALL)).rejects.toMatchObject({ code: "connection_closed" });
  });

  it("backs off exponentially, then gives up: the pending request fails with a LocalError", async () => {
    let droppedAt = 0;
    const server = await scripted(async (arrival) => {
      const { res } = arrival;
      if (methodOf(arrival) === "tools/list") {
        openSse(res);
        res.write(sseEvent({ id: "s1", data: "" }));
        await delay(20);
        droppedAt = Date.now();
        return dropConnection(res);
      }
      if (isResume(arrival)) return void res.writeHead(503, "Service Unavailable").end("busy");
      answerPlainly(arrival);
    });
    const transport = clientTransport(server.url, {
      reconnect: { initialDelayMs: 40, minDelayMs: 0, factor: 2, maxAttempts: 3 },
    });
    open.push(transport);
    const era = new SessionClientEra({ clientInfo: { name: "t", version: "1" } });
    const connection = new Connection({ era });
    await connection.connect(transport);
    await era.initialize();

    const failure = await connection.request("tools/list", {}).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(LocalError);
    expect((failure as LocalError).code).toBe("connection_closed");
    const cause = (failure as LocalError).cause as LocalError;
    expect(cause).toBeInstanceOf(LocalError);
    expect(cause.code).toBe("transport_failed");
    expect(cause.message).toBe(
      "the SSE answer to tools/list (id 2) broke off; gave up resuming it after 3 attempts " +
        "(last: the server answered HTTP 503 Service Unavailable: busy)",
    );
    expect(transport.closeError).toBe(cause);

    const resumes = server.arrivals.filter(isResume);
    expect(resumes.map((a) => a.headers["last-event-id"])).toEqual(["s1", "s1", "s1"]);
    const gaps = [resumes[0], resumes[1], resumes[2]].map(
      (a, i) => (a?.at ?? 0) - (i === 0 ? droppedAt : (resumes[i - 1]?.at ?? 0)),
    );
    // 40, 80, 160 ms (timers never fire early; a little slack for the clock's granularity).
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(78);
    expect(gaps[2]).toBeGreaterThanOrEqual(158);
  });

  it("does not resume the stream of a request that was cancelled (the notification still goes out)", async () => {
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) === "tools/call") {
        openSse(arrival.res);
        arrival.res.write(sseEvent({ id: "c1", data: "" }));
        await arrival.gone;
        return;
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, { reconnect: { initialDelayMs: 1, minDelayMs: 0 } });
    await transport.send(CALL);
    await server.until(() => server.arrivals.some((a) => methodOf(a) === "tools/call"), "the call");
    await transport.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } });
    const call = server.arrivals.find((a) => methodOf(a) === "tools/call") as Arrival;
    dropConnection(call.res);
    await delay(60);
    expect(server.arrivals.filter(isResume)).toEqual([]);
    expect(server.arrivals.filter((a) => methodOf(a) === "notifications/cancelled")).toHaveLength(1);
    expect(recorder.closes).toEqual([]);
    expect(transport.closeError).toBeUndefined();
  });

  it("a 404 to the resuming GET means the session expired", async () => {
    const server = await scripted(async (arrival) => {
      if (methodOf(arrival) === "tools/call") {
        openSse(arrival.res);
        arrival.res.write(sseEvent({ id: "x1", data: "" }));
        await delay(10);
        return dropConnection(arrival.res);
      }
      if (isResume(arrival)) return void arrival.res.writeHead(404).end();
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, { reconnect: { initialDelayMs: 1, minDelayMs: 0 } });
    await transport.send(CALL);
    await transport.closed;
    expect(transport.sessionExpired).toBe(true);
    expect(transport.closeError).toBeInstanceOf(SessionExpiredError);
    expect(recorder.closes).toEqual([undefined]);
  });
});

describeEachSender("resuming the standalone GET stream", () => {
  it("reopens with Last-Event-ID after a drop, without loss or duplicates", async () => {
    const notes = [1, 2, 3, 4].map((n) => note("notifications/message", { level: "info", data: n }));
    const server = await scripted(async (arrival) => {
      const { res } = arrival;
      if (arrival.method === "GET" && !isResume(arrival)) {
        openSse(res);
        res.write(sseEvent({ id: "g1", data: notes[0] }));
        res.write(sseEvent({ id: "g2", data: notes[1] }));
        await delay(20);
        return dropConnection(res);
      }
      if (isResume(arrival)) {
        openSse(res);
        res.write(sseEvent({ id: "g2", data: notes[1] }));
        res.write(sseEvent({ id: "g3", data: notes[2] }));
        res.write(sseEvent({ id: "g4", data: notes[3] }));
        return; // stays open
      }
      answerPlainly(arrival);
    });
    const { recorder } = await joined(server, { reconnect: { initialDelayMs: 5, minDelayMs: 0 } });
    await recorder.until(() => recorder.messages.length >= 4, "four notifications");
    await delay(50);
    expect(recorder.messages).toEqual(notes);
    expect(server.arrivals.filter(isResume).map((a) => a.headers["last-event-id"])).toEqual(["g2"]);
  });

  it("gives up after the attempts when the server is gone, closing with an error", async () => {
    let refuse = false;
    const server = await scripted(async (arrival) => {
      if (arrival.method === "GET") {
        if (refuse) return void arrival.res.writeHead(502, "Bad Gateway").end();
        refuse = true;
        openSse(arrival.res);
        arrival.res.write(sseEvent({ id: "g1", data: note("notifications/tools/list_changed") }));
        await delay(10);
        return dropConnection(arrival.res);
      }
      answerPlainly(arrival);
    });
    const { transport, recorder } = await joined(server, {
      reconnect: { initialDelayMs: 5, minDelayMs: 0, maxAttempts: 2 },
    });
    await transport.closed;
    expect((recorder.closes[0] as LocalError).code).toBe("transport_failed");
    expect(recorder.closes[0]?.message).toBe(
      "the standalone GET stream broke off; gave up resuming it after 2 attempts (last: the server answered HTTP 502 Bad Gateway)",
    );
    expect(server.of("GET").length).toBe(3);
  });
});

describe("ReconnectPolicy", () => {
  it("grows by the factor up to the maximum; the server's retry replaces the start and is a floor", () => {
    const policy = new ReconnectPolicy({ initialDelayMs: 100, factor: 3, maxDelayMs: 1000, minDelayMs: 0 });
    expect([1, 2, 3, 4].map((n) => policy.delayMs(n, undefined))).toEqual([100, 300, 900, 1000]);
    expect([1, 2].map((n) => policy.delayMs(n, 50))).toEqual([50, 150]);
    expect(policy.delayMs(1, 5000)).toBe(5000);
  });

  it("has documented defaults and refuses nonsense", () => {
    const policy = new ReconnectPolicy();
    expect([
      policy.initialDelayMs,
      policy.minDelayMs,
      policy.maxDelayMs,
      policy.factor,
      policy.maxAttempts,
    ]).toEqual([1000, 250, 30000, 2, 5]);
    expect(() => new ReconnectPolicy({ factor: 0.5 })).toThrow(
      "reconnect.factor must be at least 1 (got 0.5)",
    );
    expect(() => new ReconnectPolicy({ maxAttempts: -1 })).toThrow(
      "reconnect.maxAttempts must be a finite number >= 0 (got -1)",
    );
    expect(() =>
      clientTransport("http://127.0.0.1:1/", {
        reconnect: { initialDelayMs: Number.NaN },
      }),
    ).toThrow(RangeError);
  });
});
