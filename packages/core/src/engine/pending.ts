import type { Revision } from "@mcpkit/schema";
import { LocalError } from "../errors.js";
import type { RequestId } from "../jsonrpc/types.js";
import { AbortListeners } from "./abort-listeners.js";
import { InflightTable } from "./inflight.js";
import type { JsonObject, Progress } from "./types.js";

/** One outbound request awaiting its answer. */
interface Entry {
  readonly id: RequestId;
  readonly method: string;
  readonly revision: Revision;
  readonly results: readonly string[];
  readonly resolve: (result: JsonObject) => void;
  readonly reject: (error: Error) => void;
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs: number;
  readonly startedAt: number;
  readonly resetOnProgress: boolean;
  readonly onProgress: ((progress: Progress) => void) | undefined;
  lastProgress: number;
  /** When the timeout fires (ms since the epoch), and whether that is the total cap. */
  dueAt: number;
  capped: boolean;
  /** The caller's signal, while this request listens to it. */
  signal: AbortSignal | undefined;
}

const MAX_TIMER_DELAY = 2_147_483_647;

/** Node's `ref`/`unref` on a timer, where the runtime has them (browsers and Workers do not). */
function holdProcess(timer: ReturnType<typeof setTimeout> | undefined, hold: boolean): void {
  const handle = timer as { ref?: () => unknown; unref?: () => unknown } | undefined;
  if (hold) handle?.ref?.();
  else handle?.unref?.();
}

/** What the table needs from its connection. */
export interface PendingHost {
  /** A request this side gave up on (timeout or abort): cancel it on the wire. */
  giveUp(id: RequestId, method: string, reason: string): void;
  /** A problem with no caller to report to (a throwing progress callback). */
  report(error: Error): void;
}

/** A request taken out of the table, to be settled by the caller. */
export interface Taken {
  readonly method: string;
  readonly revision: Revision;
  /** The definitions that may answer it (empty for a custom method). */
  readonly results: readonly string[];
  readonly resolve: (result: JsonObject) => void;
  readonly reject: (error: Error) => void;
}

export interface Registration {
  readonly id: RequestId;
  readonly method: string;
  readonly revision: Revision;
  readonly results: readonly string[];
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs: number;
  readonly resetOnProgress: boolean;
  readonly onProgress: ((progress: Progress) => void) | undefined;
  readonly signal: AbortSignal | undefined;
}

function reasonText(reason: unknown): string {
  if (typeof reason === "string") return reason;
  if (reason instanceof Error && reason.message) return reason.message;
  return "cancelled";
}

/**
 * The outbound requests of one connection, with their deadlines, abort listeners and progress
 * callbacks. Every way out of the table (answer, timeout, abort, close) goes through `remove`, which
 * releases the listener, so nothing outlives the request.
 *
 * One timer serves every deadline: it is set for the earliest and, when it fires, expires what is
 * due and sets itself for the next. A request answered in time costs no timer work at all, which
 * matters on the hot path (a `setTimeout` and `clearTimeout` per call were ~8% of an in-process
 * call). When the table empties the timer is left to run out unref'd, so it never keeps the process
 * alive on its own; while any request waits it is ref'd, as a timer per request was.
 */
export class PendingRequests {
  /** One request without a Map (the usual case of a caller awaiting each call), a Map beyond. */
  private readonly table = new InflightTable<Entry>();
  private clock: ReturnType<typeof setTimeout> | undefined;
  /** When `clock` fires (ms since the epoch); Infinity without one. */
  private clockDueAt = Number.POSITIVE_INFINITY;
  /** One listener per caller signal, however many requests share it. */
  private readonly aborts = new AbortListeners<Entry>((entry, reason) => this.abort(entry, reason));

  constructor(private readonly host: PendingHost) {}

  get size(): number {
    return this.table.size;
  }

  /** Requests whose timeout is running: every pending one (one shared timer serves them all). */
  get timers(): number {
    return this.table.size;
  }
  get listeners(): number {
    return this.aborts.size;
  }

  /** Adds a request; the promise settles when it is answered, times out, is aborted or the connection closes. */
  register(r: Registration): Promise<JsonObject> {
    return new Promise<JsonObject>((resolve, reject) => {
      const now = Date.now();
      const entry: Entry = {
        id: r.id,
        method: r.method,
        revision: r.revision,
        results: r.results,
        resolve,
        reject,
        timeoutMs: r.timeoutMs,
        maxTotalTimeoutMs: r.maxTotalTimeoutMs,
        startedAt: now,
        resetOnProgress: r.resetOnProgress,
        onProgress: r.onProgress,
        lastProgress: Number.NEGATIVE_INFINITY,
        dueAt: 0,
        capped: false,
        signal: r.signal,
      };
      this.table.add(entry);
      if (this.table.size === 1) holdProcess(this.clock, true);
      this.arm(entry, now);
      if (r.signal) this.aborts.add(r.signal, entry);
    });
  }

  /** Takes a request out of the table (releasing its timer and listener), or undefined if it is not pending. */
  take(id: RequestId): Taken | undefined {
    const entry = this.table.get(id);
    if (!entry) return undefined;
    this.remove(entry);
    return entry;
  }

  /**
   * Routes a progress report to its request: dropped unless it increases, and after the request
   * ended (its token is gone). Restarts the timeout when the request asked for that.
   */
  progress(token: unknown, progress: Progress): void {
    if (typeof token !== "string" && typeof token !== "number") return;
    const entry = this.table.get(token);
    if (!entry || !(progress.progress > entry.lastProgress)) return;
    entry.lastProgress = progress.progress;
    if (entry.resetOnProgress) this.arm(entry, Date.now());
    if (!entry.onProgress) return;
    try {
      entry.onProgress(progress);
    } catch (error) {
      this.host.report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Rejects every pending request (the connection closed). */
  rejectAll(makeError: (method: string, id: RequestId) => Error): void {
    for (const entry of this.table.entries()) {
      this.remove(entry);
      entry.reject(makeError(entry.method, entry.id));
    }
    this.stopClock();
  }

  private remove(entry: Entry): void {
    this.table.delete(entry);
    if (this.table.size === 0) holdProcess(this.clock, false);
    if (entry.signal) this.aborts.delete(entry.signal, entry);
    entry.signal = undefined;
  }

  /** (Re)starts the timeout: the idle timeout, but never past the total cap. `now` is `Date.now()`. */
  private arm(entry: Entry, now: number): void {
    const idleDue = now + entry.timeoutMs;
    const capDue = entry.startedAt + entry.maxTotalTimeoutMs;
    entry.capped = capDue < idleDue;
    entry.dueAt = Math.min(idleDue, capDue);
    this.schedule(entry, now);
  }

  /** Makes sure the clock fires no later than `entry.dueAt`. */
  private schedule(entry: Entry, now: number): void {
    if (entry.dueAt < this.clockDueAt) this.startClock(entry.dueAt, now);
  }

  private startClock(dueAt: number, now: number): void {
    if (this.clock !== undefined) clearTimeout(this.clock);
    // setTimeout fires at once for delays past 2^31-1 ms: wait in steps instead.
    const delay = Math.min(Math.max(0, dueAt - now), MAX_TIMER_DELAY);
    this.clock = setTimeout(() => this.tick(), delay);
    this.clockDueAt = dueAt;
  }

  private stopClock(): void {
    if (this.clock !== undefined) clearTimeout(this.clock);
    this.clock = undefined;
    this.clockDueAt = Number.POSITIVE_INFINITY;
  }

  /** The clock fired: expire what is due, and set it for the earliest deadline left. */
  private tick(): void {
    this.clock = undefined;
    this.clockDueAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    // A timer may fire a millisecond before Date.now() reaches its due time: such an entry waits
    // for the next tick, set a moment later.
    const due = this.table.entries().filter((entry) => entry.dueAt <= now);
    for (const entry of due) this.expire(entry, entry.capped);
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.table.entries()) next = Math.min(next, entry.dueAt);
    if (next !== Number.POSITIVE_INFINITY && next < this.clockDueAt) this.startClock(next, Date.now());
  }

  private expire(entry: Entry, capped: boolean): void {
    if (this.table.get(entry.id) !== entry) return;
    this.remove(entry);
    const why = capped
      ? `exceeded the total limit of ${entry.maxTotalTimeoutMs} ms`
      : `no answer within ${entry.timeoutMs} ms`;
    this.host.giveUp(entry.id, entry.method, `timed out: ${why}`);
    entry.reject(new LocalError("timeout", `Request ${entry.method} (id ${entry.id}) timed out: ${why}`));
  }

  private abort(entry: Entry, reason: unknown): void {
    if (this.table.get(entry.id) !== entry) return;
    this.remove(entry);
    const text = reasonText(reason);
    this.host.giveUp(entry.id, entry.method, text);
    entry.reject(
      new LocalError("cancelled", `Request ${entry.method} (id ${entry.id}) was cancelled: ${text}`, {
        cause: reason,
      }),
    );
  }
}
