import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

/** Where a client under test stands in the session era's opening exchange. */
interface Opening {
  /** The id of the initialize request sent and not yet answered. */
  pending?: string;
  /** An initialize was answered with a result: the session is open. */
  answered: boolean;
  /** notifications/initialized was sent after that result. */
  initialized: boolean;
  /** Something other than a discover probe was already sent (an initialize included). */
  spoke: boolean;
}

const openings = new WeakMap<RunState, Opening>();

function openingOf(state: RunState): Opening {
  let opening = openings.get(state);
  if (opening === undefined) {
    opening = { answered: false, initialized: false, spoke: false };
    openings.set(state, opening);
  }
  return opening;
}

/** Messages a client may send before the session is open. */
const BEFORE_OPEN = new Set(["ping", "notifications/cancelled", "notifications/progress"]);

/**
 * The session era's opening rules for a client under test, on each message it sends: initialize
 * comes first and carries protocolVersion, capabilities and clientInfo; until its answer only ping
 * is requested; after a result, notifications/initialized precedes every other request. A
 * `server/discover` probe (a client unsure of the server's era) may precede initialize.
 */
export function clientOpeningRules(message: JsonObject, state: RunState): Breach[] {
  if (state.revision >= "2026-07-28" || typeof message.method !== "string") return [];
  const opening = openingOf(state);
  const method = message.method;
  const request = Object.hasOwn(message, "id");
  const out: Breach[] = [];
  if (method === "initialize") {
    // A new initialize (after a session ended) starts the opening again.
    opening.answered = false;
    opening.initialized = false;
    opening.spoke = true;
    opening.pending = request ? idKey(message.id) : undefined;
    out.push(...initializeFields(message));
    return out;
  }
  if (method === "server/discover") return out;
  if (!opening.answered && opening.pending === undefined) {
    if (!opening.spoke)
      out.push({
        requirement: "lifecycle.init.first-request",
        detail: `the client's first message is ${method}, not initialize`,
        message,
      });
    opening.spoke = true;
    return out;
  }
  opening.spoke = true;
  if (opening.pending !== undefined) {
    if (request && !BEFORE_OPEN.has(method))
      out.push({
        requirement: "lifecycle.init.client-waits",
        detail: `${method} requested before the initialize response arrived`,
        message,
      });
    return out;
  }
  if (method === "notifications/initialized") {
    opening.initialized = true;
    return out;
  }
  if (request && !opening.initialized && method !== "ping")
    out.push({
      requirement: "lifecycle.init.initialized-notification",
      detail: `${method} requested after the initialize result without notifications/initialized first`,
      message,
    });
  return out;
}

/** A message the server side sent to the client under test: the answer to its initialize. */
export function clientOpeningSent(message: Json, state: RunState): void {
  if (!isObject(message) || Object.hasOwn(message, "method")) return;
  const opening = openings.get(state);
  if (opening?.pending === undefined || idKey(message.id) !== opening.pending) return;
  opening.pending = undefined;
  opening.answered = isObject(message.result);
}

/** A batch the client sent: initialize never travels in one (2025-03-26, the revision with batches). */
export function clientBatchRules(batch: readonly Json[]): Breach[] {
  const init = batch.find((item) => isObject(item) && item.method === "initialize");
  return init === undefined
    ? []
    : [
        {
          requirement: "lifecycle.init.not-batched",
          detail: "initialize sent inside a batch",
          message: [...batch],
        },
      ];
}

function initializeFields(message: JsonObject): Breach[] {
  const params = isObject(message.params) ? message.params : undefined;
  const info = params && isObject(params.clientInfo) ? params.clientInfo : undefined;
  const missing: string[] = [];
  if (typeof params?.protocolVersion !== "string") missing.push("protocolVersion");
  if (!isObject(params?.capabilities)) missing.push("capabilities");
  if (info === undefined) missing.push("clientInfo");
  else {
    if (typeof info.name !== "string") missing.push("clientInfo.name");
    if (typeof info.version !== "string") missing.push("clientInfo.version");
  }
  return missing.length === 0
    ? []
    : [
        {
          requirement: "lifecycle.init.request-fields",
          detail: `initialize without ${missing.join(", ")}`,
          message,
        },
      ];
}

/** Whether the session of the client under test is open (its initialize was answered with a result). */
export function clientSessionOpen(state: RunState): boolean {
  return openings.get(state)?.answered === true;
}
