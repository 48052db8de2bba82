import type { RequestId } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import type { BodySink } from "./body-sink.js";
import type { SseStream } from "./sse-stream.js";

/**
 * The answer to one POST holding requests: a JSON body (the response, or the array of a batch's
 * responses), or an SSE stream (related messages, then the responses) that ends once every
 * request of the POST is answered.
 */
export class RequestStream {
  private readonly pending: Set<string>;
  private readonly parts: string[] = [];

  /** With `sse` undefined the answer is one JSON body, written to `json` once complete. */
  constructor(
    ids: readonly RequestId[],
    private readonly batch: boolean,
    readonly sse: SseStream | undefined,
    private readonly json: BodySink | undefined,
  ) {
    this.pending = new Set(ids.map(idKey));
  }

  get done(): boolean {
    return this.pending.size === 0;
  }

  /** Sends a request or notification related to this POST; false when JSON mode cannot carry it. */
  related(json: string): boolean {
    if (!this.sse) return false;
    this.sse.emit(json);
    return true;
  }

  /** Sends responses answering `ids`; the answer ends when nothing is left to answer. */
  respond(json: string, ids: readonly RequestId[]): void {
    for (const id of ids) this.pending.delete(idKey(id));
    if (this.sse) {
      this.sse.emit(json);
      if (this.done) this.sse.finish();
      return;
    }
    this.parts.push(json);
    if (!this.done) return;
    this.json?.write(this.joined());
    this.json?.close();
  }

  /** The session ended before every request was answered. */
  end(): void {
    if (this.sse) this.sse.end();
    else this.json?.close();
  }

  private joined(): string {
    if (!this.batch && this.parts.length === 1) return this.parts[0] ?? "";
    const members = this.parts.map((part) => (part.startsWith("[") ? part.slice(1, -1) : part));
    return `[${members.filter((m) => m !== "").join(",")}]`;
  }
}
