import { type Json, deepEqual, isObject } from "../model/json.js";
import type { Failure } from "../model/result.js";
import type { ExpectNothingStep, ExpectStep, Step } from "../model/transcript.js";
import { applyMasks, formatMismatch, match } from "../match/matcher.js";
import { isMatcher } from "../match/pattern-check.js";
import { type VariableLookup, substitute } from "../match/substitute.js";
import type { Wire } from "../wire/wire.js";
import type { InboxItem } from "./inbox.js";
import { StepFailed } from "./step-failed.js";
import { delay } from "./time.js";

/** What the inbox steps (expect, expectNothing) need from the run. */
export interface InboxContext {
  wire: Wire;
  side: "server" | "client";
  lookup: VariableLookup;
  /** The run's deadline (ms since epoch). */
  deadline: number;
  commit(captures: Map<string, Json>): void;
  stepTimeout(step: Step): number;
  runTimedOut(): string;
}

/**
 * Messages a server may send at any time, unasked, between the ones a transcript expects: the
 * list-changed notifications, log messages and `ping` requests. A strict expect looks past them and
 * an `expectNothing` without a pattern does not count them; a step whose pattern matches one still
 * takes it.
 */
const INTERLEAVING = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/message",
]);

/** Whether a message from a server under test may interleave unasked (see INTERLEAVING). */
export function mayInterleave(side: "server" | "client", item: InboxItem): boolean {
  if (side !== "server" || !isObject(item.message) || typeof item.message.method !== "string") return false;
  const isNotification = !Object.hasOwn(item.message, "id");
  return isNotification ? INTERLEAVING.has(item.message.method) : item.message.method === "ping";
}

/** Tries one inbox item against an expect/expectNothing pattern. */
function tryItem(ctx: InboxContext, step: ExpectStep | ExpectNothingStep, pattern: Json, item: InboxItem) {
  const mode = step.match ?? "partial";
  if (step.raw !== undefined) return match(pattern, item.text, { mode, lookup: ctx.lookup });
  if (item.message === undefined) return undefined;
  const result = match(pattern, item.message, { mode, lookup: ctx.lookup });
  if (result.ok && step.op === "expect" && step.http !== undefined) {
    const httpPattern = substitute(step.http as unknown as Json, ctx.lookup, true);
    const carried = match(httpPattern, (item.http ?? {}) as unknown as Json, { lookup: ctx.lookup });
    if (!carried.ok) return { ...carried, masks: [], captures: new Map<string, Json>() };
    for (const [k, v] of carried.captures) result.captures.set(k, v);
  }
  return result;
}

export async function expectMessage(ctx: InboxContext, step: ExpectStep): Promise<void> {
  const wire = ctx.wire;
  const pattern = substitute((step.raw ?? step.message) as Json, ctx.lookup, true);
  const concreteId = step.message !== undefined ? concreteIdOf(pattern) : undefined;
  const ms = ctx.stepTimeout(step);
  const deadline = Date.now() + ms;
  for (;;) {
    for (const item of wire.inbox.pending()) {
      const result = tryItem(ctx, step, pattern, item);
      if (result?.ok) {
        wire.inbox.consume(item);
        ctx.commit(result.captures);
        return;
      }
      if (step.strict && mayInterleave(ctx.side, item)) continue;
      if (step.strict) {
        if (step.optional) return;
        throw mismatch(ctx, step, pattern, item, "the next message does not match");
      }
      if (concreteId !== undefined && result && isResponseTo(item.message, concreteId.value)) {
        throw mismatch(ctx, step, pattern, item, "the response does not match");
      }
    }
    if (wire.gone.settled) {
      if (step.optional) return;
      throw noMatch(
        ctx,
        step,
        pattern,
        `the implementation went away before a matching message arrived: ${wire.gone.value ?? ""}`,
      );
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      if (step.optional) return;
      if (Date.now() >= ctx.deadline) throw noMatch(ctx, step, pattern, ctx.runTimedOut());
      throw noMatch(ctx, step, pattern, `no matching message within ${ms} ms`);
    }
    await Promise.race([wire.inbox.changed(), delay(left), wire.gone.promise]);
  }
}

function mismatch(
  ctx: InboxContext,
  step: ExpectStep,
  pattern: Json,
  item: InboxItem,
  reason: string,
): StepFailed {
  // A line that is not JSON is shown as its text.
  const subject = step.raw !== undefined || item.message === undefined ? item.text : item.message;
  const result = match(pattern, subject as Json, { mode: step.match ?? "partial", lookup: ctx.lookup });
  let mismatch = result.mismatch ? formatMismatch(result.mismatch) : "";
  if (!result.mismatch && step.op === "expect" && step.http !== undefined) {
    // The message matched; the HTTP request that carried it did not.
    const httpPattern = substitute(step.http as unknown as Json, ctx.lookup, true);
    const carried = match(httpPattern, (item.http ?? {}) as unknown as Json, { lookup: ctx.lookup });
    mismatch = `HTTP request ${carried.mismatch ? formatMismatch(carried.mismatch) : "does not match"}`;
  }
  return new StepFailed(`${reason}: ${mismatch}`, {
    expected: pattern,
    actual: applyMasks(subject as Json, result.masks),
    mismatch,
  });
}

/** The failure for "nothing matched": shows the closest unconsumed message (§7.2). */
function noMatch(ctx: InboxContext, step: ExpectStep, pattern: Json, reason: string): StepFailed {
  const pending = ctx.wire.inbox.pending();
  const id = concreteIdOf(pattern);
  const method = isObject(pattern) && typeof pattern.method === "string" ? pattern.method : undefined;
  const messages = pending.filter((item) => item.message !== undefined);
  const closest =
    step.raw !== undefined
      ? pending[0]
      : ((id && messages.find((item) => isObject(item.message) && deepEqual(item.message.id, id.value))) ??
        (method !== undefined
          ? messages.find((item) => isObject(item.message) && item.message.method === method)
          : undefined) ??
        messages[0] ??
        pending[0]);
  if (!closest) {
    // Over HTTP, a refused POST carries no message: show the status and body the server gave.
    const refusal = ctx.wire.diagnostics();
    const shown = /answered with HTTP/.test(refusal) && !reason.includes(refusal) ? `; ${refusal}` : "";
    return new StepFailed(`${reason}; nothing unconsumed was received${shown}`, { expected: pattern });
  }
  const failed = mismatch(ctx, step, pattern, closest, reason);
  return new StepFailed(`${reason}; closest message: ${failed.details.mismatch ?? ""}`, failed.details);
}

export async function expectNothing(ctx: InboxContext, step: ExpectNothingStep): Promise<void> {
  const wire = ctx.wire;
  const source = step.raw ?? step.message;
  const pattern = source === undefined ? undefined : substitute(source, ctx.lookup, true);
  const deadline = Date.now() + Math.min(step.withinMs, Math.max(0, ctx.deadline - Date.now()));
  for (;;) {
    for (const item of wire.inbox.pending()) {
      if (pattern === undefined && mayInterleave(ctx.side, item)) continue;
      const hit = pattern === undefined ? { ok: true, masks: [] } : tryItem(ctx, step, pattern, item);
      if (hit?.ok) {
        const subject = item.message ?? item.text;
        const details: Partial<Failure> = { actual: applyMasks(subject, hit.masks) };
        if (pattern !== undefined) details.expected = { $not: pattern };
        throw new StepFailed(`a message arrived that should not have: ${JSON.stringify(subject)}`, details);
      }
    }
    if (wire.gone.settled && ctx.side === "server") {
      throw new StepFailed(`the implementation went away: ${wire.gone.value ?? ""}`);
    }
    const left = deadline - Date.now();
    if (left <= 0) return;
    await Promise.race([
      wire.inbox.changed(),
      delay(left),
      ...(ctx.side === "server" ? [wire.gone.promise] : []),
    ]);
  }
}

/** The id of an expect pattern when it is a plain value (so a response with it is final). */
function concreteIdOf(pattern: Json): { value: Json } | undefined {
  if (!isObject(pattern) || isMatcher(pattern) || !Object.hasOwn(pattern, "id")) return undefined;
  const id = pattern.id as Json;
  if (isObject(id)) {
    if (Object.keys(id).length === 1 && Object.hasOwn(id, "$literal")) return { value: id.$literal as Json };
    return undefined;
  }
  return { value: id };
}

function isResponseTo(message: Json | undefined, id: Json): boolean {
  return (
    isObject(message) &&
    (Object.hasOwn(message, "result") || Object.hasOwn(message, "error")) &&
    deepEqual(message.id, id)
  );
}
