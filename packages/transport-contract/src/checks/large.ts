import { expect } from "vitest";
import { expectOnlyMessages, expectSameString, property } from "../assert.js";
import { largeRequest } from "../payloads.js";
import type { CheckEnv, ContractCheck } from "../session.js";
import type { ContractResult } from "../types.js";

export const largeChecks: readonly ContractCheck[] = [
  {
    id: "large/round-trip",
    title:
      "a large request (multi-byte UTF-8, JSON escapes; 8 MiB by default) arrives intact, and so does its large result",
    run: roundTrip,
  },
];

async function roundTrip(env: CheckEnv): Promise<void> {
  const { a, b } = await env.open();
  const request = largeRequest(env.options.largeMessageBytes);
  const data = property(request.params, "data") as string;
  await env.deadline.within(a.transport.send(request), "a.send(large request)");
  await b.log.untilMessages(1);
  const received = b.log.messages[0];
  expectSameString(property(property(received, "params"), "data"), data, "params.data b received");
  expect(withoutData(received, "params"), "the rest of the large request").toEqual(
    withoutData(request, "params"),
  );

  // The reply goes back as a reply (relatedRequestId), so transports where b cannot initiate run it too.
  const reply: ContractResult = { jsonrpc: "2.0", id: "large-1", result: { data } };
  await env.deadline.within(b.transport.send(reply, { relatedRequestId: "large-1" }), "b.send(large result)");
  await a.log.untilMessages(1);
  const answer = a.log.messages[0];
  expectSameString(property(property(answer, "result"), "data"), data, "result.data a received");
  expect(withoutData(answer, "result"), "the rest of the large result").toEqual(withoutData(reply, "result"));

  await env.quiet();
  expect(b.log.messages.length, "b received exactly one message").toBe(1);
  expect(a.log.messages.length, "a received exactly one message").toBe(1);
  expectOnlyMessages(a);
  expectOnlyMessages(b);
}

/** The message with `member.data` removed, to compare the rest with a diff that stays small. */
function withoutData(message: unknown, member: string): unknown {
  if (typeof message !== "object" || message === null) return message;
  const inner = property(message, member);
  if (typeof inner !== "object" || inner === null) return message;
  const { data: _data, ...rest } = inner as Record<string, unknown>;
  return { ...message, [member]: rest };
}
