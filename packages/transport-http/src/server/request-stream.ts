import type { HttpRefusal, RequestId } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import type { BodySink } from "./body-sink.js";
import type { SseStream } from "./sse-stream.js";

/**
 * How a POST holding requests is answered: `json` (one body), `sse` (a stream), or `when-ready`:
 * JSON if every request is answered before anything else is sent and before the next macrotask,
 * SSE otherwise.
 */
export type AnswerMode = "json" | "sse" | "when-ready";

/** The form a `when-ready` answer settled on. */
export type AnswerForm = "json" | "sse";

/**
 * The answer to one POST holding requests: a JSON body (the response, or the array of a batch's
 * responses), or an SSE stream (related messages, then the responses) that ends once every
 * request of the POST is answered. In `when-ready` mode the form is chosen as late as possible:
 * answers are held until they are complete (JSON) or until something forces a stream (a related
 * message, or the request outliving the turn it arrived in and its microtasks).
 */
export class RequestStream {
  private readonly pending: Set<string>;
  private readonly parts: string[] = [];
  private stream: SseStream | undefined;
  private undecided: boolean;
  private settle: ((form: AnswerForm) => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The HTTP refusal of the POST's one request, answered before the status was decided. */
  private refusal: HttpRefusal | undefined;
  /** Set once the endpoint has read the status: a refusal after that goes out as sent. */
  private statusRead = false;

  constructor(
    ids: readonly RequestId[],
    private readonly batch: boolean,
    mode: AnswerMode,
    private readonly sink: BodySink,
    /** Opens the POST's SSE stream on `sink` (only called once, if the answer becomes a stream). */
    private readonly openSse: (sink: BodySink) => SseStream,
  ) {
    this.pending = new Set(ids.map(idKey));
    this.undecided = mode === "when-ready";
    if (mode === "sse") this.stream = openSse(sink);
  }

  get done(): boolean {
    return this.pending.size === 0;
  }

  /**
   * Whether an answer is still to come and the client still holds the POST's connection (or is
   * resuming its stream): the session is in use.
   */
  get awaited(): boolean {
    if (this.done) return false;
    return this.stream ? this.stream.listening : this.sink.alive;
  }

  /** The SSE stream carrying the answer, once there is one. */
  get sse(): SseStream | undefined {
    return this.stream;
  }

  /**
   * The answer's form: at once when it is known, else a promise that settles when it is (at the
   * latest on the next macrotask, when a still-unanswered request makes it a stream).
   */
  form(): AnswerForm | Promise<AnswerForm> {
    if (!this.undecided) return this.stream ? "sse" : "json";
    return new Promise((resolve) => {
      this.settle = resolve;
      this.timer = setTimeout(() => this.becomeStream(), 0);
    });
  }

  /**
   * The endpoint decides the POST's status now (once the form is known): the refusal to answer
   * with, if the POST's one request was refused for its credentials before this.
   */
  statusDecided(): HttpRefusal | undefined {
    this.statusRead = true;
    return this.refusal;
  }

  /** Sends a request or notification related to this POST; false when JSON mode cannot carry it. */
  related(json: string): boolean {
    if (this.undecided) this.becomeStream();
    if (!this.stream) return false;
    this.stream.emit(json);
    return true;
  }

  /**
   * Sends responses answering `ids`; the answer ends when nothing is left to answer. `refusal`
   * (an error response refusing credentials) becomes the POST's status when the POST held only
   * this request and its status is not decided yet.
   */
  respond(json: string, ids: readonly RequestId[], refusal?: HttpRefusal): void {
    if (refusal && !this.batch && !this.stream && !this.statusRead) this.refusal = refusal;
    for (const id of ids) this.pending.delete(idKey(id));
    if (this.stream) {
      this.stream.emit(json, this.done);
      if (this.done) this.stream.finish();
      return;
    }
    this.parts.push(json);
    if (!this.done) return;
    this.decided("json");
    this.sink.write(this.joined());
    this.sink.close();
  }

  /** The session ended before every request was answered (undecided: as a stream would). */
  end(): void {
    this.becomeStream();
    if (this.stream) this.stream.end();
    else this.sink.close();
  }

  /** Answers held so far go first on the new stream; later ones follow as they come. */
  private becomeStream(): void {
    if (!this.undecided) return;
    this.decided("sse");
    const stream = this.openSse(this.sink);
    this.stream = stream;
    for (const part of this.parts.splice(0)) stream.emit(part);
  }

  private decided(form: AnswerForm): void {
    if (!this.undecided) return;
    this.undecided = false;
    clearTimeout(this.timer);
    this.settle?.(form);
  }

  private joined(): string {
    if (!this.batch && this.parts.length === 1) return this.parts[0] ?? "";
    const members = this.parts.map((part) => (part.startsWith("[") ? part.slice(1, -1) : part));
    return `[${members.filter((m) => m !== "").join(",")}]`;
  }
}
