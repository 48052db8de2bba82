import { assert, expect } from "vitest";
import { type Deadline, DeadlineError } from "./deadline.js";
import type { Side } from "./session.js";

/**
 * Expects `promise` to reject with a `LocalError` of `code` (any code when undefined). Matched by
 * `name` and `code`, not `instanceof`: a test may load core's sources while the transport loads
 * its build, which makes two `LocalError` classes.
 */
export async function expectLocalError(
  promise: Promise<unknown>,
  code: string | undefined,
  what: string,
  deadline: Deadline,
): Promise<void> {
  let error: unknown;
  try {
    await deadline.within(promise, what);
  } catch (caught) {
    if (caught instanceof DeadlineError) throw caught;
    error = caught ?? new Error("rejected with nothing");
  }
  if (error === undefined) assert.fail(`${what} resolved; expected a LocalError ${code ?? ""}`);
  const shape = { name: property(error, "name"), code: property(error, "code") };
  const expected =
    code === undefined ? { name: "LocalError", code: shape.code } : { name: "LocalError", code };
  expect(shape, `${what} rejected with ${String(error)}`).toEqual(expected);
  expect(error, `${what}: a LocalError is an Error`).toBeInstanceOf(Error);
}

/** Compares long strings without printing them: on a mismatch, names the first differing index. */
export function expectSameString(actual: unknown, expected: string, what: string): void {
  if (actual === expected) return;
  if (typeof actual !== "string") assert.fail(`${what}: expected a string, got ${typeof actual}`);
  let index = 0;
  while (index < actual.length && index < expected.length && actual[index] === expected[index]) index++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, index - 8), index + 8));
  assert.fail(
    `${what}: ${actual.length} UTF-16 units instead of ${expected.length}, first difference at ${index}: ${around(actual)} instead of ${around(expected)}`,
  );
}

/** Element by element, so a failure names the first payload out of place, then the count. */
export function expectSameSequence(
  actual: readonly unknown[],
  expected: readonly unknown[],
  what: string,
): void {
  const shared = Math.min(actual.length, expected.length);
  for (let i = 0; i < shared; i++) {
    expect(actual[i], `${what}: payload #${i} of ${expected.length}`).toEqual(expected[i]);
  }
  expect(actual.length, `${what}: number of payloads`).toBe(expected.length);
}

/** The side was told about its close exactly once, without an error, and about nothing after it. */
export function expectClosedCleanly(side: Side): void {
  expect(side.log.closes, `${side.label}.onClose calls (their error arguments)`).toEqual([undefined]);
  expect(side.log.eventsAfterClose(), `${side.label}: handler calls after onClose`).toEqual([]);
}

/** Nothing unreadable and no close: the side only ever saw messages. */
export function expectOnlyMessages(side: Side): void {
  expect(side.log.unreadable, `${side.label}.onUnreadable calls`).toEqual([]);
  expect(side.log.closes, `${side.label}.onClose calls`).toEqual([]);
}

/** `value[key]` for an unknown value, undefined when it is not an object. */
export function property(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export type Outcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** What a promise came to, without rejecting: for sends whose fate a check inspects later. */
export function outcomeOf(promise: Promise<unknown>): Promise<Outcome> {
  return promise.then(
    () => ({ ok: true }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** `{ name, code }` of an error, which is what a `LocalError` is matched by. */
export function errorShape(error: unknown): { name: unknown; code: unknown } {
  return { name: property(error, "name"), code: property(error, "code") };
}

/** A large payload reduced to its method and pad length, so a mismatch prints a short diff. */
export function sizeSummary(value: unknown): unknown {
  const pad = property(property(value, "params"), "pad");
  return typeof pad === "string" ? { method: property(value, "method"), padLength: pad.length } : value;
}
