import type { HttpRefusal, RequestId } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import type { RequestStream } from "./request-stream.js";

/**
 * The answers of a session's POSTs still to come: each POST's {@link RequestStream}, by the ids
 * of the requests it holds that are not yet answered.
 */
export class PostAnswers {
  private readonly byId = new Map<string, RequestStream>();

  /** The answer that carries request `id` (its response, and what relates to it). */
  get(id: RequestId): RequestStream | undefined {
    return this.byId.get(idKey(id));
  }

  /** Adds the answer of a POST holding the requests `ids`. */
  add(stream: RequestStream, ids: readonly RequestId[]): void {
    for (const id of ids) this.byId.set(idKey(id), stream);
  }

  /**
   * Sends `json`, the responses to `ids`, on `stream` and forgets those ids; true when no answer
   * is left to come.
   */
  respond(stream: RequestStream, json: string, ids: readonly RequestId[], refusal?: HttpRefusal): boolean {
    stream.respond(json, ids, refusal);
    for (const id of ids) if (this.byId.get(idKey(id)) === stream) this.byId.delete(idKey(id));
    return this.byId.size === 0;
  }

  /** Whether a client waits for an answer on its connection (see `RequestStream.awaited`). */
  get awaited(): boolean {
    for (const stream of this.byId.values()) if (stream.awaited) return true;
    return false;
  }

  /** Ends every answer (the session ended). */
  end(): void {
    for (const stream of new Set(this.byId.values())) stream.end();
    this.byId.clear();
  }
}
