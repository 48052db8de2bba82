import { expectOnlyMessages, expectSameSequence } from "../assert.js";
import { mixedPayloads } from "../payloads.js";
import type { CheckEnv, ContractCheck, Side } from "../session.js";

const COUNT = 500;
/** In the interleaved check, every this many rounds the two sides await their sends. */
const AWAIT_EVERY = 7;

const needsB = (options: { bCanInitiate: boolean }) =>
  options.bCanInitiate ? undefined : "b cannot initiate (bCanInitiate: false)";

export const orderingChecks: readonly ContractCheck[] = [
  {
    id: "ordering/a-to-b",
    title: `${COUNT} mixed payloads sent a→b without awaiting arrive in send order, deep-equal`,
    run: (env) => oneWay(env, "a"),
  },
  {
    id: "ordering/b-to-a",
    title: `${COUNT} mixed payloads sent b→a without awaiting arrive in send order, deep-equal`,
    skip: needsB,
    run: (env) => oneWay(env, "b"),
  },
  {
    id: "ordering/interleaved",
    title: `${COUNT} payloads each way, sends alternating between a and b, each direction in order`,
    skip: needsB,
    run: interleaved,
  },
];

async function oneWay(env: CheckEnv, from: "a" | "b"): Promise<void> {
  const session = await env.open();
  const [sender, receiver] = from === "a" ? [session.a, session.b] : [session.b, session.a];
  const payloads = mixedPayloads(COUNT, `from-${from}`, env.options.batches);
  // Call send for all of them before awaiting any: order is the order of the calls.
  const sends = payloads.map((payload) => sender.transport.send(payload));
  await env.deadline.within(Promise.all(sends), `${sender.label}'s ${COUNT} sends to resolve`);
  await receiver.log.untilMessages(COUNT);
  await env.quiet();
  expectSameSequence(receiver.log.messages, payloads, `${receiver.label} received`);
  expectNothingElse(sender, receiver);
}

async function interleaved(env: CheckEnv): Promise<void> {
  const { a, b } = await env.open();
  const fromA = mixedPayloads(COUNT, "from-a", env.options.batches);
  const fromB = mixedPayloads(COUNT, "from-b", env.options.batches);
  const pending: Promise<void>[] = [];
  for (const [i, toB] of fromA.entries()) {
    pending.push(a.transport.send(toB));
    const toA = fromB[i];
    if (toA) pending.push(b.transport.send(toA));
    // A mix of awaited and in-flight sends, so both are interleaved with the other side's.
    if (i % AWAIT_EVERY === 0) await env.deadline.within(Promise.all(pending.splice(0)), `sends up to #${i}`);
  }
  await env.deadline.within(Promise.all(pending), "the last sends to resolve");
  await b.log.untilMessages(COUNT);
  await a.log.untilMessages(COUNT);
  await env.quiet();
  expectSameSequence(b.log.messages, fromA, "b received");
  expectSameSequence(a.log.messages, fromB, "a received");
  expectOnlyMessages(a);
  expectOnlyMessages(b);
}

function expectNothingElse(sender: Side, receiver: Side): void {
  expectSameSequence(sender.log.messages, [], `${sender.label} received (it only sent)`);
  expectOnlyMessages(sender);
  expectOnlyMessages(receiver);
}
