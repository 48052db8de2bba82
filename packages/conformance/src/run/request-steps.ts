import { type Json, isObject } from "../model/json.js";
import type { ExpectNothingStep, ExpectStep } from "../model/transcript.js";
import { applyMasks, formatMismatch, match } from "../match/matcher.js";
import { substitute } from "../match/substitute.js";
import type { InboxContext } from "./inbox-steps.js";
import type { RequestLog, RequestRecord } from "./request-log.js";
import { StepFailed } from "./step-failed.js";
import { delay } from "./time.js";

/** After the client exits, how long its last requests may still be arriving on their sockets. */
const EXIT_GRACE_MS = 100;

function logOf(ctx: InboxContext): RequestLog {
  const log = ctx.wire.requests;
  if (!log) throw new StepFailed("request patterns need a client transcript over http (§8.6)");
  return log;
}

/** The request to show when none matched: the first with the pattern's path (and server), else the first. */
function closest(pattern: Json, pending: readonly RequestRecord[]): RequestRecord | undefined {
  const want = isObject(pattern) ? pattern : {};
  const same = (item: RequestRecord, key: string) =>
    typeof want[key] !== "string" || item.value[key] === want[key];
  return (
    pending.find((item) => same(item, "path") && same(item, "server") && same(item, "method")) ??
    pending.find((item) => same(item, "path")) ??
    pending[0]
  );
}

function failWith(reason: string, pattern: Json, item: RequestRecord | undefined, ctx: InboxContext) {
  if (!item) return new StepFailed(`${reason}; no unconsumed request was received`, { expected: pattern });
  const result = match(pattern, item.value, { lookup: ctx.lookup });
  const mismatch = result.mismatch ? formatMismatch(result.mismatch) : "";
  const label = reason === "the next request does not match" ? reason : `${reason}; closest request`;
  return new StepFailed(`${label}: ${mismatch}`, {
    expected: pattern,
    actual: applyMasks(item.value, result.masks),
    mismatch,
  });
}

/**
 * `expect` with `request`: waits until an HTTP request the client made matches, and consumes it.
 * With `among`, only requests matching `among` are candidates and the first of them must match:
 * that is how a transcript checks the order of discovery requests.
 */
export async function expectRequest(ctx: InboxContext, step: ExpectStep): Promise<void> {
  const log = logOf(ctx);
  const pattern = substitute(step.request as Json, ctx.lookup, true);
  const among = step.among === undefined ? undefined : substitute(step.among, ctx.lookup, true);
  const mode = step.match ?? "partial";
  const ms = ctx.stepTimeout(step);
  const deadline = Date.now() + ms;
  let goneSince: number | undefined;
  const candidates = () =>
    log
      .pending()
      .filter((item) => among === undefined || match(among, item.value, { lookup: ctx.lookup }).ok);
  for (;;) {
    const pending = candidates();
    const ordered = among !== undefined || step.strict === true;
    for (const item of ordered ? pending.slice(0, 1) : pending) {
      const result = match(pattern, item.value, { mode, lookup: ctx.lookup });
      if (result.ok) {
        if (step.keep !== true) log.consume(item);
        ctx.commit(result.captures);
        return;
      }
      if (ordered) {
        if (step.optional) return;
        throw failWith("the next request does not match", pattern, item, ctx);
      }
    }
    if (ctx.wire.gone.settled) {
      goneSince ??= Date.now();
      if (Date.now() - goneSince >= EXIT_GRACE_MS) {
        if (step.optional) return;
        throw failWith(
          `no matching request (${ctx.wire.gone.value ?? "the client is gone"})`,
          pattern,
          closest(pattern, pending),
          ctx,
        );
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      if (step.optional) return;
      const reason = Date.now() >= ctx.deadline ? ctx.runTimedOut() : `no matching request within ${ms} ms`;
      throw failWith(reason, pattern, closest(pattern, pending), ctx);
    }
    const wait = goneSince === undefined ? left : Math.min(left, EXIT_GRACE_MS);
    await Promise.race([
      log.changed(),
      delay(wait),
      ...(goneSince === undefined ? [ctx.wire.gone.promise] : []),
    ]);
  }
}

/**
 * `expectNothing` with `request`: passes when no request matching the pattern is pending or arrives
 * within `withinMs`; ends early once the client has exited (nothing more can come).
 */
export async function expectNoRequest(ctx: InboxContext, step: ExpectNothingStep): Promise<void> {
  const log = logOf(ctx);
  const pattern = substitute(step.request as Json, ctx.lookup, true);
  const deadline = Date.now() + Math.min(step.withinMs, Math.max(0, ctx.deadline - Date.now()));
  let goneSince: number | undefined;
  for (;;) {
    for (const item of log.pending()) {
      const hit = match(pattern, item.value, { mode: step.match ?? "partial", lookup: ctx.lookup });
      if (hit.ok) {
        throw new StepFailed(
          `a request arrived that should not have: ${item.value.method} ${item.value.path}`,
          {
            expected: { $not: pattern },
            actual: applyMasks(item.value, hit.masks),
          },
        );
      }
    }
    if (ctx.wire.gone.settled) {
      goneSince ??= Date.now();
      if (Date.now() - goneSince >= EXIT_GRACE_MS) return;
    }
    const left = deadline - Date.now();
    if (left <= 0) return;
    const wait = goneSince === undefined ? left : Math.min(left, EXIT_GRACE_MS);
    await Promise.race([
      log.changed(),
      delay(wait),
      ...(goneSince === undefined ? [ctx.wire.gone.promise] : []),
    ]);
  }
}
