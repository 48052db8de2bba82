import { assert, expect } from "vitest";
import { expectSameSequence, sizeSummary } from "../assert.js";
import { notificationOfSize } from "../payloads.js";
import type { CheckEnv, ContractCheck, Session } from "../session.js";
import type { ContractMessage } from "../types.js";

export const unreadableChecks: readonly ContractCheck[] = [
  {
    id: "unreadable/parse",
    title:
      "a frame that is not JSON reaches b's onUnreadable (parse) and b reads on; JSON that is not JSON-RPC is delivered as is",
    skip: (options) => (options.rawFrames ? undefined : "pairs cannot write raw frames (rawFrames: false)"),
    run: parse,
  },
  {
    id: "unreadable/too-large",
    title: "a raw frame of maxMessageBytes + 1 reaches b's onUnreadable (too_large) and b reads on",
    skip: (options) =>
      !options.rawFrames
        ? "pairs cannot write raw frames (rawFrames: false)"
        : options.maxMessageBytes === undefined
          ? "no maxMessageBytes given"
          : undefined,
    run: tooLarge,
  },
];

const NEXT: ContractMessage = { jsonrpc: "2.0", method: "contract/next" };

function rawWriter(session: Session): (frame: string) => Promise<void> {
  const write = session.pair.writeRawToB;
  if (!write) assert.fail("rawFrames is set but the pair has no writeRawToB");
  return (frame) => write.call(session.pair, frame);
}

async function parse(env: CheckEnv): Promise<void> {
  const session = await env.open();
  const { a, b } = session;
  const write = rawWriter(session);
  await env.deadline.within(write("{not json"), "writeRawToB(not JSON)");
  await b.log.until(() => b.log.unreadable.length > 0, "onUnreadable");
  // Valid JSON that is not JSON-RPC is the engine's business, not the transport's.
  await env.deadline.within(write('{"hello":"world"}'), "writeRawToB(an object)");
  await env.deadline.within(write("[]"), "writeRawToB(an empty array)");
  await b.log.untilMessages(2);
  await env.deadline.within(a.transport.send(NEXT), "a.send() after the unreadable frame");
  await b.log.untilMessages(3);
  await env.quiet();
  const frame = b.log.unreadable[0];
  expect(frame?.problem, "the unreadable frame's problem").toBe("parse");
  expect(typeof frame?.detail === "string" && frame.detail.length > 0, "it has a detail").toBe(true);
  expect(
    b.log.events.map((event) => event.kind),
    "b's handler calls, in order",
  ).toEqual(["unreadable", "message", "message", "message"]);
  expectSameSequence(b.log.messages, [{ hello: "world" }, [], NEXT], "b received");
  expect(b.log.closes, "b stays open").toEqual([]);
}

async function tooLarge(env: CheckEnv): Promise<void> {
  const max = env.options.maxMessageBytes ?? 0;
  const session = await env.open();
  const { a, b } = session;
  const write = rawWriter(session);
  await env.deadline.within(
    write(JSON.stringify(notificationOfSize(max + 1, "raw-over"))),
    "writeRawToB(too large)",
  );
  await b.log.until(() => b.log.unreadable.length > 0, "onUnreadable");
  const atLimit = notificationOfSize(max, "raw-at-limit");
  await env.deadline.within(write(JSON.stringify(atLimit)), "writeRawToB(exactly the limit)");
  await env.deadline.within(a.transport.send(NEXT), "a.send() after the oversized frame");
  await b.log.untilMessages(2);
  await env.quiet();
  expect(
    b.log.unreadable.map((item) => item.problem),
    "onUnreadable problems",
  ).toEqual(["too_large"]);
  expect(b.log.messages.map(sizeSummary), "b received").toEqual([atLimit, NEXT].map(sizeSummary));
  expect(b.log.closes, "b stays open").toEqual([]);
}
