// An answer over maxMessageBytes fails its request at once, with a LocalError naming the limit,
// instead of leaving it to its timeout (issue 19, item 5); the transport and other requests go on.
import { Connection, LocalError, SessionClientEra } from "@mcpkit/core";
import { expect, it } from "vitest";
import {
  type Arrival,
  answerPlainly,
  closedAfterEach,
  idOf,
  methodOf,
  note,
  openSse,
  result,
  sendJson,
  sseEvent,
} from "./client-helpers.js";
import { withTimeout } from "./helpers.js";
import { clientTransport, describeEachSender } from "./senders.js";

const open = closedAfterEach();

const MAX = 2000;
const padding = "x".repeat(MAX);

/** A session-era connection over the current sender, initialized, with a long request timeout. */
async function connected(script: (arrival: Arrival) => void) {
  const server = await open.scripted(script);
  const transport = clientTransport(server.url, { maxMessageBytes: MAX, standaloneStream: false });
  open.push(transport);
  const era = new SessionClientEra({ clientInfo: { name: "t", version: "1" } });
  const connection = new Connection({ era, timeoutMs: 60_000 });
  await connection.connect(transport);
  await era.initialize();
  return { connection, transport };
}

/** The request's outcome within 5 s (its own timeout is a minute: it must not be what ends it). */
function outcome(promise: Promise<unknown>): Promise<unknown> {
  return withTimeout(
    promise.then(
      () => "resolved",
      (error: unknown) => error,
    ),
    5000,
    "the request to settle",
  );
}

describeEachSender("an answer over maxMessageBytes", () => {
  it("a JSON answer: the request fails at once with message_too_large naming the limit; the next one works", async () => {
    const { connection, transport } = await connected((arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      sendJson(arrival.res, 200, result(idOf(arrival) as number, { tools: [], padding }));
    });
    const error = await outcome(connection.request("tools/list", {}));
    expect(error).toBeInstanceOf(LocalError);
    expect([(error as LocalError).code, (error as LocalError).message]).toEqual([
      "message_too_large",
      "The answer to tools/list (id 2) was dropped: the JSON answer to tools/list (id 2) is over 2000 bytes (maxMessageBytes)",
    ]);
    expect(await connection.request("ping", {})).toEqual({ echo: "ping" });
    expect(transport.closeError).toBeUndefined();
  });

  it("an SSE answer that ends after an event over the limit: the request fails at once; the next one works", async () => {
    const { connection, transport } = await connected((arrival) => {
      if (methodOf(arrival) !== "tools/list") return answerPlainly(arrival);
      openSse(arrival.res);
      arrival.res.write(
        sseEvent({ id: "e1", data: note("notifications/message", { level: "info", data: "ok" }) }),
      );
      arrival.res.end(sseEvent({ id: "e2", data: result(idOf(arrival) as number, { tools: [], padding }) }));
    });
    const error = await outcome(connection.request("tools/list", {}));
    expect(error).toBeInstanceOf(LocalError);
    expect([(error as LocalError).code, (error as LocalError).message]).toEqual([
      "message_too_large",
      "The answer to tools/list (id 2) was dropped: the SSE answer to tools/list (id 2) ended after an event over 2000 characters (maxMessageBytes)",
    ]);
    expect(await connection.request("ping", {})).toEqual({ echo: "ping" });
    expect(transport.closeError).toBeUndefined();
  });
});
