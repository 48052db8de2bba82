import { expect } from "vitest";
import { expectLocalError, expectOnlyMessages, expectSameSequence, sizeSummary } from "../assert.js";
import { notificationOfSize, utf8Length } from "../payloads.js";
import { Recorder } from "../recorder.js";
import type { CheckEnv, ContractCheck, Side } from "../session.js";
import type { ContractMessage } from "../types.js";

export const errorChecks: readonly ContractCheck[] = [
  {
    id: "errors/too-large",
    title:
      "a payload of maxMessageBytes + 1 rejects send with LocalError message_too_large and the transport stays usable; exactly maxMessageBytes is delivered",
    skip: (options) => (options.maxMessageBytes === undefined ? "no maxMessageBytes given" : undefined),
    run: tooLarge,
  },
  {
    id: "errors/unserializable",
    title:
      "a payload JSON cannot carry (a BigInt, a cycle) rejects send with LocalError invalid_message, nothing is written",
    skip: (options) =>
      options.jsonFraming ? undefined : "payloads are not framed as JSON (jsonFraming: false)",
    run: unserializable,
  },
  {
    id: "errors/start-twice",
    title:
      "start() a second time rejects with a LocalError; the first handlers keep receiving, the second get nothing",
    run: startTwice,
  },
];

const AFTER: ContractMessage = { jsonrpc: "2.0", method: "contract/still-usable" };

async function tooLarge(env: CheckEnv): Promise<void> {
  const max = env.options.maxMessageBytes ?? 0;
  const session = await env.open();
  const senders: [Side, Side][] = [[session.a, session.b]];
  if (env.options.bCanInitiate) senders.push([session.b, session.a]);
  for (const [sender, receiver] of senders) {
    const before = receiver.log.messages.length;
    const over = notificationOfSize(max + 1, `${sender.label}-over`);
    const atLimit = notificationOfSize(max, `${sender.label}-at-limit`);
    expect(utf8Length(JSON.stringify(over)), "the suite's oversized payload").toBe(max + 1);
    await expectLocalError(
      sender.transport.send(over),
      "message_too_large",
      `${sender.label}.send() of ${max + 1} bytes`,
      env.deadline,
    );
    await env.deadline.within(
      sender.transport.send(atLimit),
      `${sender.label}.send() of exactly ${max} bytes`,
    );
    await env.deadline.within(sender.transport.send(AFTER), `${sender.label}.send() after the rejection`);
    await receiver.log.untilMessages(before + 2);
    await env.quiet();
    expect(receiver.log.messages.slice(before).map(sizeSummary), `${receiver.label} received`).toEqual(
      [atLimit, AFTER].map(sizeSummary),
    );
  }
  expectOnlyMessages(session.a);
  expectOnlyMessages(session.b);
}

async function unserializable(env: CheckEnv): Promise<void> {
  const { a, b } = await env.open();
  const cycle: Record<string, unknown> = { name: "cycle" };
  cycle.self = cycle;
  const bigint: ContractMessage = { jsonrpc: "2.0", method: "contract/bigint", params: { n: 10n } };
  const cyclic: ContractMessage = { jsonrpc: "2.0", id: 1, method: "contract/cycle", params: cycle };
  for (const [label, payload] of [
    ["a BigInt", bigint],
    ["a cycle", cyclic],
  ] as const) {
    await expectLocalError(
      a.transport.send(payload),
      "invalid_message",
      `a.send() of ${label}`,
      env.deadline,
    );
  }
  await env.deadline.within(a.transport.send(AFTER), "a.send() after the rejections");
  await b.log.untilMessages(1);
  await env.quiet();
  expectSameSequence(b.log.messages, [AFTER], "b received");
  expectOnlyMessages(a);
  expectOnlyMessages(b);
}

async function startTwice(env: CheckEnv): Promise<void> {
  const { a, b } = await env.open();
  const extras = [
    new Recorder("a's second handlers", env.deadline),
    new Recorder("b's second handlers", env.deadline),
  ];
  await expectLocalError(
    a.transport.start(extras[0] as Recorder),
    undefined,
    "a.start() again",
    env.deadline,
  );
  await expectLocalError(
    b.transport.start(extras[1] as Recorder),
    undefined,
    "b.start() again",
    env.deadline,
  );
  const request: ContractMessage = { jsonrpc: "2.0", id: "after-start", method: "contract/echo" };
  const reply: ContractMessage = { jsonrpc: "2.0", id: "after-start", result: { ok: true } };
  await env.deadline.within(a.transport.send(request), "a.send() after the second start");
  await b.log.untilMessages(1);
  await env.deadline.within(
    b.transport.send(reply, { relatedRequestId: "after-start" }),
    "b.send() of the reply",
  );
  await a.log.untilMessages(1);
  await env.quiet();
  expectSameSequence(b.log.messages, [request], "b's first handlers received");
  expectSameSequence(a.log.messages, [reply], "a's first handlers received");
  for (const extra of extras) expect(extra.events, `${extra.side} were called`).toEqual([]);
  expectOnlyMessages(a);
  expectOnlyMessages(b);
}
