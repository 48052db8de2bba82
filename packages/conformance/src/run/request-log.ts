import type { Json, JsonObject } from "../model/json.js";
import { Arrivals } from "./arrivals.js";

/** Which scripted server received an HTTP request (client transcripts over HTTP). */
export type ScriptedServer = "resource" | "authorization";

/** One HTTP request the client under test made to a scripted server. */
export interface RequestRecord {
  /** Arrival order, from 1. */
  seq: number;
  /** What patterns see (docs/conformance-format.md §8.6). */
  value: JsonObject;
}

/** Every HTTP request a client made in one run, not yet consumed by an `expect` step, in order. */
export class RequestLog extends Arrivals<RequestRecord> {
  /** Records one request; `value` is what patterns match (`server`, `method`, `path`, ...). */
  push(value: { [key: string]: Json | undefined }): void {
    const clean: JsonObject = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) clean[key] = item;
    this.add({ seq: this.nextSeq(), value: clean });
  }
}
