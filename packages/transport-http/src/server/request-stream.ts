import type { RequestId } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import { ByteSink, sseEvent } from "./byte-sink.js";

/** How a POST that holds requests is answered. */
export type AnswerMode = "json" | "sse";

/**
 * The response to one POST holding requests: a JSON body (the response, or the array of a batch's
 * responses) or an SSE stream (related messages, then the responses). It ends once every request
 * of the POST is answered.
 */
export class RequestStream {
  readonly sink: ByteSink;
  private readonly pending: Set<string>;
  private readonly parts: string[] = [];

  constructor(
    readonly mode: AnswerMode,
    ids: readonly RequestId[],
    private readonly batch: boolean,
    onCancel: () => void,
  ) {
    this.pending = new Set(ids.map(idKey));
    this.sink = new ByteSink(onCancel);
  }

  get done(): boolean {
    return this.pending.size === 0;
  }

  /** Writes a request or notification related to this POST; false when JSON mode cannot carry it. */
  related(json: string): boolean {
    if (this.mode === "json") return false;
    this.sink.write(sseEvent(json));
    return true;
  }

  /** Writes responses answering `ids`; ends the stream when nothing is left to answer. */
  respond(json: string, ids: readonly RequestId[]): void {
    for (const id of ids) this.pending.delete(idKey(id));
    if (this.mode === "sse") this.sink.write(sseEvent(json));
    else this.parts.push(json);
    if (!this.done) return;
    if (this.mode === "json") this.sink.write(this.jsonBody());
    this.sink.close();
  }

  private jsonBody(): string {
    if (!this.batch && this.parts.length === 1) return this.parts[0] ?? "";
    const members = this.parts.map((part) => (part.startsWith("[") ? part.slice(1, -1) : part));
    return `[${members.filter((m) => m !== "").join(",")}]`;
  }
}
