import { LocalError } from "@mcpkit/core";
import type { AbortSwitch } from "./abort-switch.js";
import type { HttpReply } from "./http-sender.js";
import { type ReconnectPolicy, type Sleep, sleep } from "./reconnect.js";
import { SseParser, type SseEvent } from "./sse-parser.js";

/** What an attempt to reopen a dropped stream gave. */
export type Reopened =
  /** A new SSE answer, carrying on where the old one stopped. */
  | { readonly kind: "stream"; readonly reply: HttpReply }
  /** A failure worth another attempt (a network error, 5xx, 429, ...). */
  | { readonly kind: "retry"; readonly reason: string }
  /** The server will not serve the stream (e.g. 405 to GET). */
  | { readonly kind: "refused"; readonly error: Error }
  /** A failure no further attempt will fix (e.g. the session expired). */
  | { readonly kind: "fatal"; readonly error: Error };

/** How a stream ended. */
export type StreamEnd =
  | { readonly kind: "finished" }
  /** It ended (see `endAfterTooLarge`) after an event over `maxDataLength`, taken as its answer. */
  | { readonly kind: "too_large" }
  | { readonly kind: "aborted" }
  | { readonly kind: "refused"; readonly error: Error }
  | { readonly kind: "failed"; readonly error: Error };

/** What a {@link ResumableStream} needs from its owner. */
export interface StreamOwner {
  /** Hands on the data of one `message` event. */
  deliver(data: string): void;
  /** An event was over `maxDataLength` and was dropped. */
  tooLarge(detail: string): void;
  /** Whether the stream brought all it was opened for (a POST's responses); it then stops. */
  finished(): boolean;
  /** Opens a GET that resumes after `lastEventId` (`""`: a fresh stream). */
  reopen(lastEventId: string): Promise<Reopened>;
}

/** How a {@link ResumableStream} behaves. */
export interface StreamSettings {
  /** Names the stream in errors, e.g. `the SSE answer to tools/call (id 3)`. */
  readonly what: string;
  readonly policy: ReconnectPolicy;
  /** Stops everything: reading, waiting, reopening. */
  readonly abort: AbortSwitch;
  /** Whether the stream may be resumed at all (never in the stateless era). */
  readonly resumable: boolean;
  /** Reopen even when no event id was seen (the standalone GET: a fresh stream does). */
  readonly reopenWithoutId: boolean;
  /** Longest event data kept, in characters; longer events go to `tooLarge`. */
  readonly maxDataLength: number;
  /**
   * A POST's answer stream: when it ends unfinished after an event over `maxDataLength`, that
   * event was most likely the answer (servers end the stream after it), so it is not resumed
   * (`too_large`): resuming would only wait for an answer that is gone.
   */
  readonly endAfterTooLarge?: boolean;
  /** How to wait between attempts (tests give a fake one). Default: a timer. */
  readonly sleep?: Sleep;
}

/** How many event ids are remembered to drop replayed duplicates. */
const SEEN_IDS = 1024;

/**
 * One logical SSE stream over one or more HTTP responses: reads events, records the last event
 * id and the server's `retry`, drops priming events (empty data) and replayed duplicates (an id
 * seen before), and when the connection drops before the stream finished, reopens it through the
 * owner with backoff, as {@link ReconnectPolicy} says: attempts that failed and reopened streams
 * that brought nothing (no message, no new event id) both grow the wait; only failed attempts
 * count towards giving up.
 */
export class ResumableStream {
  private lastEventId = "";
  private retryMs: number | undefined;
  private readonly seen = new Set<string>();
  /** Whether the stream being read delivered a message. */
  private delivered = false;
  /** Whether the stream being read had an event over the limit. */
  private oversized = false;

  constructor(
    private readonly owner: StreamOwner,
    private readonly settings: StreamSettings,
  ) {}

  /** Reads `first`, resuming as needed; resolves with how the stream ended (never rejects). */
  async run(first: HttpReply): Promise<StreamEnd> {
    const { policy, abort, what } = this.settings;
    const wait = this.settings.sleep ?? sleep;
    let body: HttpReply | undefined = first;
    /** Reopen attempts in a row that got no stream: past `maxAttempts`, the stream is given up. */
    let failures = 0;
    /** Streams in a row that ended bringing nothing: they grow the wait as failures do. */
    let empty = 0;
    let lastReason = "";
    for (;;) {
      if (body !== undefined) {
        const idBefore = this.lastEventId;
        this.delivered = false;
        this.oversized = false;
        const ended = await this.read(body);
        if (ended !== "dropped") return { kind: ended };
        if (this.oversized && this.settings.endAfterTooLarge) return { kind: "too_large" };
        body = undefined;
        empty = this.delivered || this.lastEventId !== idBefore ? 0 : empty + 1;
        if (!this.settings.resumable) {
          return failed(`${what} broke off before its answer arrived; this era cannot resume a stream`);
        }
        if (this.lastEventId === "" && !this.settings.reopenWithoutId) {
          return failed(
            `${what} broke off before its answer arrived, and the server gave no event id to resume from`,
          );
        }
      }
      failures += 1;
      if (failures > policy.maxAttempts) {
        const last = lastReason === "" ? "" : ` (last: ${lastReason})`;
        return failed(`${what} broke off; gave up resuming it after ${policy.maxAttempts} attempts${last}`);
      }
      if (!(await wait(policy.delayMs(failures + empty, this.retryMs), abort))) return { kind: "aborted" };
      const reopened = await this.owner.reopen(this.lastEventId);
      if (abort.aborted) {
        if (reopened.kind === "stream") reopened.reply.cancel();
        return { kind: "aborted" };
      }
      if (reopened.kind === "stream") {
        body = reopened.reply;
        failures = 0;
      } else if (reopened.kind === "retry") {
        lastReason = reopened.reason;
      } else if (reopened.kind === "refused") {
        return { kind: "refused", error: reopened.error };
      } else {
        return { kind: "failed", error: reopened.error };
      }
    }
  }

  private async read(body: HttpReply): Promise<"finished" | "aborted" | "dropped"> {
    const parser = new SseParser(this.lastEventId, this.settings.maxDataLength);
    const { abort } = this.settings;
    let stopped: "finished" | "aborted" | undefined;
    try {
      // Events are handled as each piece of text arrives; stopping cancels the rest.
      await body.stream((text) => {
        for (const event of parser.push(text)) {
          this.lastEventId = parser.lastEventId;
          if (abort.aborted) stopped = "aborted";
          else {
            this.handle(event);
            if (this.owner.finished()) stopped = "finished";
          }
          if (stopped) return false;
        }
        return true;
      });
    } catch {
      // The connection broke: judged below like an end.
    } finally {
      // An id-only event (no data) still moves the last event id.
      this.lastEventId = parser.lastEventId;
      this.retryMs = parser.retry ?? this.retryMs;
    }
    if (stopped) return stopped;
    if (abort.aborted) return "aborted";
    return this.owner.finished() ? "finished" : "dropped";
  }

  private handle(event: SseEvent): void {
    if (event.id !== undefined && event.id !== "") {
      if (this.seen.has(event.id)) return;
      this.seen.add(event.id);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value as string);
    }
    if (event.tooLarge) {
      this.oversized = true;
      this.owner.tooLarge(
        `an SSE event on ${this.settings.what} is over ${this.settings.maxDataLength} characters`,
      );
      return;
    }
    // A priming event (an id and empty data) only moves the last event id.
    if (event.event !== "message" || event.data.trim() === "") return;
    this.delivered = true;
    this.owner.deliver(event.data);
  }
}

function failed(message: string): StreamEnd {
  return { kind: "failed", error: new LocalError("transport_failed", message) };
}
