import { expect } from "vitest";
import {
  errorShape,
  expectClosedCleanly,
  expectLocalError,
  expectSameSequence,
  outcomeOf,
} from "../assert.js";
import { mixedPayloads } from "../payloads.js";
import type { CheckEnv, ContractCheck } from "../session.js";

const AWAITED = 10;
const IN_FLIGHT = 50;
const LATE = 20;
const RACING = 20;

export const afterCloseChecks: readonly ContractCheck[] = [
  {
    id: "after-close/from-a",
    title:
      "a closes with sends in flight: b gets exactly the payloads whose send resolved, in order, then onClose; sends after close() reject; a is told nothing after its onClose",
    run: (env) => nothingAfterClose(env, "a"),
  },
  {
    id: "after-close/from-b",
    title:
      "b closes with sends in flight: a gets exactly the payloads whose send resolved, in order, then onClose; sends after close() reject; b is told nothing after its onClose",
    skip: (options) => (options.closeFromB ? undefined : "b cannot close (closeFromB: false)"),
    run: (env) => nothingAfterClose(env, "b"),
  },
];

/**
 * The promise checked here: every `send` that resolved (those awaited before `close()`, and those
 * in flight at `close()` that went on to resolve) was delivered to the peer, in order, before the
 * peer's `onClose`; a send in flight at `close()` that rejected did so with connection_closed and
 * was not delivered; a `send` called after `close()` rejects with connection_closed.
 */
async function nothingAfterClose(env: CheckEnv, from: "a" | "b"): Promise<void> {
  const session = await env.open();
  const [closer, peer] = from === "a" ? [session.a, session.b] : [session.b, session.a];
  const batches = env.options.batches;
  const awaited = mixedPayloads(AWAITED, `${from}-awaited`, batches);
  const inFlight = mixedPayloads(IN_FLIGHT, `${from}-in-flight`, batches);
  const late = mixedPayloads(LATE, `${from}-late`, batches);
  const peerCanSend = from === "b" || env.options.bCanInitiate;
  const racing = peerCanSend ? mixedPayloads(RACING, `${peer.label}-racing`, batches) : [];

  for (const payload of awaited) {
    await env.deadline.within(closer.transport.send(payload), `${closer.label}.send() before close`);
  }
  const inFlightSends = inFlight.map((payload) => outcomeOf(closer.transport.send(payload)));
  const closing = closer.transport.close();
  const lateSends = late.map((payload) => outcomeOf(closer.transport.send(payload)));
  // The peer sends while the close is under way: the closer may get some, but none after its onClose.
  const racingSends = racing.map((payload) => outcomeOf(peer.transport.send(payload)));

  await env.deadline.within(closing, `${closer.label}.close()`);
  await env.deadline.within(peer.transport.closed, `${peer.label}.closed`);
  await peer.log.until(() => peer.log.closes.length > 0, "onClose");
  const inFlightOutcomes = await env.deadline.within(
    Promise.all(inFlightSends),
    "the in-flight sends to settle",
  );
  const lateOutcomes = await env.deadline.within(Promise.all(lateSends), "the sends after close() to settle");
  await env.deadline.within(Promise.all(racingSends), `${peer.label}'s racing sends to settle`);
  await env.quiet();

  lateOutcomes.forEach((outcome, i) => {
    const shape = outcome.ok ? "resolved" : errorShape(outcome.error);
    expect(shape, `${closer.label}.send() #${i} called after close()`).toEqual({
      name: "LocalError",
      code: "connection_closed",
    });
  });
  inFlightOutcomes.forEach((outcome, i) => {
    if (outcome.ok) return;
    expect(errorShape(outcome.error), `${closer.label}.send() #${i} in flight at close() rejected`).toEqual({
      name: "LocalError",
      code: "connection_closed",
    });
  });
  const resolved = inFlight.filter((_, i) => inFlightOutcomes[i]?.ok === true);
  expectSameSequence(peer.log.messages, [...awaited, ...resolved], `${peer.label} received`);
  // Whatever of the racing payloads reached the closer came in order, from the start.
  expectSameSequence(
    closer.log.messages,
    racing.slice(0, closer.log.messages.length),
    `${closer.label} received, before its close`,
  );
  expectClosedCleanly(closer);
  expectClosedCleanly(peer);

  // Once closed, trying again writes nothing.
  const delivered = peer.log.events.length;
  await expectLocalError(
    closer.transport.send({ jsonrpc: "2.0", method: "contract/after-closed" }),
    "connection_closed",
    `${closer.label}.send() after closed`,
    env.deadline,
  );
  await env.quiet();
  expect(
    peer.log.events.length,
    `${peer.label}'s handler calls after ${closer.label} tried to send again`,
  ).toBe(delivered);
}
