import type { JsonRpcPayload } from "@mcpkit/core";

/**
 * Requests a copy of a session makes for its own engine alone (the client set its log level
 * through another copy, so this copy's engine hears the same `logging/setLevel`): their answers
 * go nowhere.
 */
export class EngineOnlyRequests {
  private ids: Set<string> | undefined;
  private count = 0;

  /** A new request id, unique within the session for the copy tagged `tag`. */
  nextId(tag: string): string {
    this.count += 1;
    const id = `${tag}~level-${this.count}`;
    this.ids ??= new Set();
    this.ids.add(id);
    return id;
  }

  /** Whether `payload` answers one of them (it is then dropped, and the id forgotten). */
  answers(payload: JsonRpcPayload): boolean {
    const id = (payload as { id?: unknown }).id;
    if (typeof id !== "string" || !this.ids?.delete(id)) return false;
    if (this.ids.size === 0) this.ids = undefined;
    return true;
  }
}
