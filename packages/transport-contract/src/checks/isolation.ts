import { expect } from "vitest";
import { expectOnlyMessages, expectSameSequence } from "../assert.js";
import { mixedPayloads } from "../payloads.js";
import type { CheckEnv, ContractCheck, Session } from "../session.js";
import type { ContractMessage, ContractPayload } from "../types.js";

const COUNT = 100;

export const isolationChecks: readonly ContractCheck[] = [
  {
    id: "isolation/two-pairs",
    title: "two pairs open at once see only their own payloads, and closing one leaves the other working",
    run: twoPairs,
  },
];

interface Traffic {
  readonly session: Session;
  readonly fromA: ContractPayload[];
  readonly fromB: ContractPayload[];
}

async function twoPairs(env: CheckEnv): Promise<void> {
  const sessions = await Promise.all([env.open(), env.open()]);
  const traffic: Traffic[] = sessions.map((session, k) => ({
    session,
    fromA: mixedPayloads(COUNT, `pair${k + 1}-a`, env.options.batches),
    fromB: env.options.bCanInitiate ? mixedPayloads(COUNT, `pair${k + 1}-b`, env.options.batches) : [],
  }));
  // Alternate between the pairs on every send, so shared state anywhere would mix them up.
  const sends: Promise<void>[] = [];
  for (let i = 0; i < COUNT; i++) {
    for (const { session, fromA, fromB } of traffic) {
      const toB = fromA[i];
      const toA = fromB[i];
      if (toB) sends.push(session.a.transport.send(toB));
      if (toA) sends.push(session.b.transport.send(toA));
    }
  }
  await env.deadline.within(Promise.all(sends), "every send on both pairs to resolve");
  for (const { session, fromA, fromB } of traffic) {
    await session.b.log.untilMessages(fromA.length);
    await session.a.log.untilMessages(fromB.length);
  }
  await env.quiet();
  for (const { session, fromA, fromB } of traffic) {
    expectSameSequence(session.b.log.messages, fromA, `${session.b.label} received`);
    expectSameSequence(session.a.log.messages, fromB, `${session.a.label} received`);
  }

  const [first, second] = sessions as [Session, Session];
  await env.deadline.within(first.a.transport.close(), `${first.a.label}.close()`);
  await env.deadline.within(first.b.transport.closed, `${first.b.label}.closed`);
  const probe: ContractMessage = { jsonrpc: "2.0", method: "contract/still-open" };
  const before = second.b.log.messages.length;
  await env.deadline.within(
    second.a.transport.send(probe),
    `${second.a.label}.send() after the other pair closed`,
  );
  await second.b.log.untilMessages(before + 1);
  await env.quiet();
  expect(
    second.b.log.messages.slice(before),
    `${second.b.label} received after the other pair closed`,
  ).toEqual([probe]);
  expectOnlyMessages(second.a);
  expectOnlyMessages(second.b);
}
