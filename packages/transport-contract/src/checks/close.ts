import { expect } from "vitest";
import { expectClosedCleanly, expectLocalError } from "../assert.js";
import { hasSettled } from "../deadline.js";
import type { CheckEnv, ContractCheck, Session, Side } from "../session.js";
import type { ContractMessage } from "../types.js";

const needsCloseFromB = (options: { closeFromB: boolean }) =>
  options.closeFromB ? undefined : "b cannot close (closeFromB: false)";

export const closeChecks: readonly ContractCheck[] = [
  {
    id: "close/from-a",
    title:
      "a.close() (twice at once): both closed promises resolve, each onClose once without error, send on both rejects connection_closed, close again resolves",
    run: (env) => closeFrom(env, "a"),
  },
  {
    id: "close/from-b",
    title:
      "b.close() (twice at once): both closed promises resolve, each onClose once without error, send on both rejects connection_closed, close again resolves",
    skip: needsCloseFromB,
    run: (env) => closeFrom(env, "b"),
  },
  {
    id: "close/both-at-once",
    title: "a.close() and b.close() at once: each side closes once, without error",
    skip: needsCloseFromB,
    run: bothAtOnce,
  },
];

const PING: ContractMessage = { jsonrpc: "2.0", method: "contract/ping", params: { before: "close" } };
const AFTER: ContractMessage = { jsonrpc: "2.0", method: "contract/after-close" };

/** One payload a→b first, so the close does not race the pair's start. */
async function provenLink(env: CheckEnv): Promise<Session> {
  const session = await env.open();
  await env.deadline.within(session.a.transport.send(PING), "a.send(ping)");
  await session.b.log.untilMessages(1);
  return session;
}

async function closeFrom(env: CheckEnv, from: "a" | "b"): Promise<void> {
  const session = await provenLink(env);
  const [closer, peer] = from === "a" ? [session.a, session.b] : [session.b, session.a];
  await env.deadline.within(
    Promise.all([closer.transport.close(), closer.transport.close()]),
    `${closer.label}.close() called twice at once`,
  );
  // close() resolves once the transport is closed: onClose has run and `closed` has resolved.
  expect(closer.log.closes, `${closer.label}.onClose when close() resolved`).toEqual([undefined]);
  expect(await hasSettled(closer.transport.closed), `${closer.label}.closed when close() resolved`).toBe(
    true,
  );
  await env.deadline.within(peer.transport.closed, `${peer.label}.closed after ${closer.label}.close()`);
  await peer.log.until(() => peer.log.closes.length > 0, "onClose");
  await expectSendsRejected(env, [closer, peer]);
  await env.deadline.within(closer.transport.close(), `${closer.label}.close() again`);
  await env.deadline.within(peer.transport.close(), `${peer.label}.close() after the peer closed it`);
  await env.quiet();
  expectClosedCleanly(closer);
  expectClosedCleanly(peer);
  expect(session.b.log.messages, "b received only the ping").toEqual([PING]);
  expect(session.a.log.messages, "a received nothing").toEqual([]);
}

async function bothAtOnce(env: CheckEnv): Promise<void> {
  const { a, b } = await provenLink(env);
  await env.deadline.within(
    Promise.all([a.transport.close(), b.transport.close()]),
    "a.close() and b.close()",
  );
  for (const side of [a, b]) {
    expect(await hasSettled(side.transport.closed), `${side.label}.closed when close() resolved`).toBe(true);
  }
  await expectSendsRejected(env, [a, b]);
  await env.quiet();
  expectClosedCleanly(a);
  expectClosedCleanly(b);
}

async function expectSendsRejected(env: CheckEnv, sides: readonly Side[]): Promise<void> {
  for (const side of sides) {
    await expectLocalError(
      side.transport.send(AFTER),
      "connection_closed",
      `${side.label}.send() after close`,
      env.deadline,
    );
  }
}
