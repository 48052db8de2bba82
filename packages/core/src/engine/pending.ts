import type { Revision } from "@mcpkit/schema";
import { LocalError } from "../errors.js";
import type { RequestId } from "../jsonrpc/types.js";
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
  timer: ReturnType<typeof setTimeout> | undefined;
  detach: (() => void) | undefined;
}

const MAX_TIMER_DELAY = 2_147_483_647;

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
 * The outbound requests of one connection, with their timers, abort listeners and progress
 * callbacks. Every way out of the table (answer, timeout, abort, close) goes through `remove`, which
 * releases the timer and the listener, so nothing outlives the request.
 */
const NO_ENTRIES: ReadonlyMap<RequestId, Entry> = new Map();

export class PendingRequests {
  /** Allocated by the first outbound request: most server connections never send one. */
  private table: Map<RequestId, Entry> | undefined;
  private timerCount = 0;
  private listenerCount = 0;

  constructor(private readonly host: PendingHost) {}

  get size(): number {
    return this.entries.size;
  }

  private get entries(): ReadonlyMap<RequestId, Entry> {
    return this.table ?? NO_ENTRIES;
  }
  get timers(): number {
    return this.timerCount;
  }
  get listeners(): number {
    return this.listenerCount;
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
        timer: undefined,
        detach: undefined,
      };
      this.table ??= new Map();
      this.table.set(r.id, entry);
      this.arm(entry, now);
      const signal = r.signal;
      if (signal) {
        const onAbort = () => this.abort(entry, signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        this.listenerCount++;
        entry.detach = () => {
          signal.removeEventListener("abort", onAbort);
          this.listenerCount--;
        };
      }
    });
  }

  /** Takes a request out of the table (releasing its timer and listener), or undefined if it is not pending. */
  take(id: RequestId): Taken | undefined {
    const entry = this.entries.get(id);
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
    const entry = this.entries.get(token);
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
    for (const entry of [...this.entries.values()]) {
      this.remove(entry);
      entry.reject(makeError(entry.method, entry.id));
    }
  }

  private remove(entry: Entry): void {
    this.table?.delete(entry.id);
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      this.timerCount--;
    }
    entry.detach?.();
    entry.detach = undefined;
  }

  /** (Re)starts the timeout: the idle timeout, but never past the total cap. `now` is `Date.now()`. */
  private arm(entry: Entry, now: number): void {
    const idleDue = now + entry.timeoutMs;
    const capDue = entry.startedAt + entry.maxTotalTimeoutMs;
    entry.capped = capDue < idleDue;
    entry.dueAt = Math.min(idleDue, capDue);
    this.schedule(entry, now);
  }

  private schedule(entry: Entry, now: number): void {
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      this.timerCount--;
    }
    // setTimeout fires at once for delays past 2^31-1 ms: wait in steps instead.
    const delay = Math.min(Math.max(0, entry.dueAt - now), MAX_TIMER_DELAY);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.timerCount--;
      const firedAt = Date.now();
      if (firedAt < entry.dueAt) this.schedule(entry, firedAt);
      else this.expire(entry, entry.capped);
    }, delay);
    this.timerCount++;
  }

  private expire(entry: Entry, capped: boolean): void {
    if (this.entries.get(entry.id) !== entry) return;
    this.remove(entry);
    const why = capped
      ? `exceeded the total limit of ${entry.maxTotalTimeoutMs} ms`
      : `no answer within ${entry.timeoutMs} ms`;
    this.host.giveUp(entry.id, entry.method, `timed out: ${why}`);
    entry.reject(new LocalError("timeout", `Request ${entry.method} (id ${entry.id}) timed out: ${why}`));
  }

  private abort(entry: Entry, reason: unknown): void {
    if (this.entries.get(entry.id) !== entry) return;
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
