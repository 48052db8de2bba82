import { expect } from "vitest";
import { expectOnlyMessages, expectSameSequence, property } from "../assert.js";
import { idKey, shuffled } from "../payloads.js";
import type { CheckEnv, ContractCheck } from "../session.js";
import type { ContractRequest, ContractResult, RequestId } from "../types.js";

const COUNT = 1000;

export const inFlightChecks: readonly ContractCheck[] = [
  {
    id: "in-flight/1000-requests",
    title: `${COUNT} requests in flight, answered in shuffled order: a gets one result per id, each id exactly once`,
    run: thousandInFlight,
  },
];

/** Numbers 0..499 and strings "0".."499": a transport that loses an id's type gets duplicates. */
function idFor(i: number): RequestId {
  return i < COUNT / 2 ? i : String(i - COUNT / 2);
}

async function thousandInFlight(env: CheckEnv): Promise<void> {
  const { a, b } = await env.open();
  const requests: ContractRequest[] = Array.from({ length: COUNT }, (_, i) => ({
    jsonrpc: "2.0",
    id: idFor(i),
    method: "contract/echo",
    params: { i },
  }));
  const sends = requests.map((request) => a.transport.send(request));
  await env.deadline.within(Promise.all(sends), `a's ${COUNT} sends to resolve`);
  await b.log.untilMessages(COUNT);
  expectSameSequence(b.log.messages, requests, "b received the requests");

  const replies: ContractResult[] = shuffled(requests, 0x5eed).map((request) => ({
    jsonrpc: "2.0",
    id: request.id,
    result: { id: request.id, i: property(request.params, "i") },
  }));
  const answers = replies.map((reply) => b.transport.send(reply, { relatedRequestId: reply.id }));
  await env.deadline.within(Promise.all(answers), `b's ${COUNT} replies to resolve`);
  await a.log.untilMessages(COUNT);
  await env.quiet();

  // Replies may travel on separate streams (HTTP), so the contract here is "each exactly once".
  expect(a.log.messages.length, "results a received").toBe(COUNT);
  const seen = new Map<string, number>();
  for (const message of a.log.messages) {
    const id = property(message, "id") as RequestId;
    const result = property(message, "result");
    expect(property(result, "id"), `result for ${idKey(id)} carries its id`).toBe(id);
    expect(property(message, "jsonrpc"), `jsonrpc of the result for ${idKey(id)}`).toBe("2.0");
    seen.set(idKey(id), (seen.get(idKey(id)) ?? 0) + 1);
  }
  const expected = new Map(requests.map((request) => [idKey(request.id), 1]));
  expect(seen, "how often each id came back").toEqual(expected);
  for (const message of a.log.messages) {
    const id = property(message, "id") as RequestId;
    const i = typeof id === "number" ? id : Number(id) + COUNT / 2;
    expect(property(property(message, "result"), "i"), `result for ${idKey(id)} is its own`).toBe(i);
  }
  expectOnlyMessages(a);
  expectOnlyMessages(b);
}
