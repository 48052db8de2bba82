import { type Json, type JsonObject, isObject } from "../model/json.js";
import { errorCodeProblem } from "./error-code-rules.js";
import type { Breach } from "./violation.js";
import { type RunState, idKey } from "./state.js";

/** A _meta key: an optional prefix of dot-separated labels and a slash, then a name. */
const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

function metaKeyValid(key: string): boolean {
  const slash = key.lastIndexOf("/");
  const name = slash < 0 ? key : key.slice(slash + 1);
  if (
    slash >= 0 &&
    !key
      .slice(0, slash)
      .split(".")
      .every((label) => LABEL.test(label))
  )
    return false;
  return name !== "" && NAME.test(name);
}

function breach(requirement: string, detail: string, message: Json): Breach {
  return { requirement, detail, message };
}

/** `_meta` keys of a message's params or result that break the naming rule (2025-06-18+). */
function metaKeys(message: JsonObject): Breach[] {
  const holders = [message.params, message.result];
  const out: Breach[] = [];
  for (const holder of holders) {
    if (!isObject(holder) || !isObject(holder._meta)) continue;
    for (const key of Object.keys(holder._meta)) {
      if (!metaKeyValid(key))
        out.push(
          breach("base.meta.key-format", `_meta key ${JSON.stringify(key)} is not a valid key`, message),
        );
    }
  }
  return out;
}

function errorRules(message: JsonObject, error: Json, state: RunState): Breach[] {
  if (!isObject(error)) return [breach("base.error.code-and-message", "error is not an object", message)];
  const out: Breach[] = [];
  if (typeof error.code !== "number" || !Number.isInteger(error.code))
    out.push(
      breach(
        "base.error.integer-code",
        `error code ${JSON.stringify(error.code)} is not an integer`,
        message,
      ),
    );
  if (typeof error.message !== "string")
    out.push(breach("base.error.code-and-message", "error has no message string", message));
  if (state.revision >= "2026-07-28" && error.code === -32002)
    out.push(
      breach("base.error-codes.no-resource-not-found-32002", "a 2026-07-28 server sent -32002", message),
    );
  if (state.revision >= "2026-07-28" && error.code === -32042)
    out.push(breach("base.error-codes.no-32042", "a 2026-07-28 server sent -32042", message));
  // Only a server known to serve 2026-07-28 (its server/discover answered) is held to its codes: a
  // session-era server refusing the 2026-07-28 opening exchange speaks its own revision.
  const serves = state.serverCapabilities() !== undefined;
  const range =
    typeof error.code === "number" && serves ? errorCodeProblem(error.code, state.revision) : undefined;
  if (range !== undefined) out.push(breach(range[0], range[1], message));
  return out;
}

/** The id rules of a response: it answers a request the runner sent, with the id exactly as sent. */
function idRules(message: JsonObject, state: RunState): Breach[] {
  const id = message.id ?? null;
  if (id === null) {
    if (!("result" in message)) return []; // an error about a request whose id could not be read
    return state.sentNotification
      ? [
          breach(
            "base.notification.no-response",
            "a result with a null id: an answer to a notification",
            message,
          ),
        ]
      : [breach("base.response.same-id", "a result with a null id answers no request", message)];
  }
  const sent = state.requests.get(idKey(id));
  if (sent !== undefined) return [];
  const twin = [...state.requests.values()].find((r) => r.id !== null && String(r.id) === String(id));
  const detail =
    twin !== undefined
      ? `the response id ${JSON.stringify(id)} is not the request id ${JSON.stringify(twin.id)} as sent`
      : `the response id ${JSON.stringify(id)} matches no request the runner sent`;
  return [breach("base.response.same-id", detail, message)];
}

/**
 * The JSON-RPC rules of one received message (not a batch): version, response shape, ids, error
 * objects, request ids, _meta keys.
 */
export function envelopeRules(message: Json, state: RunState): Breach[] {
  if (!isObject(message))
    return [breach("base.jsonrpc.version", "a message that is not a JSON object", message)];
  const out: Breach[] = [];
  if (message.jsonrpc !== "2.0")
    out.push(
      breach(
        "base.jsonrpc.version",
        `jsonrpc is ${JSON.stringify(message.jsonrpc ?? null)}, not "2.0"`,
        message,
      ),
    );
  if (typeof message.method === "string") {
    if (Object.hasOwn(message, "id") && message.method.startsWith("notifications/"))
      out.push(breach("base.notification.no-id", `a ${message.method} notification with an id`, message));
    else if (Object.hasOwn(message, "id")) {
      const id = message.id;
      if (id === null) out.push(breach("base.request.id-not-null", "a request with a null id", message));
      else if (typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id)))
        out.push(
          breach(
            "base.request.id-type",
            `request id ${JSON.stringify(id)} is neither a string nor an integer`,
            message,
          ),
        );
    }
  } else if (Object.hasOwn(message, "id")) {
    const hasResult = Object.hasOwn(message, "result");
    const hasError = Object.hasOwn(message, "error");
    if (hasResult && hasError)
      out.push(breach("base.response.not-both", "a response with both result and error", message));
    if (!hasResult && !hasError)
      out.push(breach("base.response.result-or-error", "a response with neither result nor error", message));
    out.push(...idRules(message, state));
    if (hasError) out.push(...errorRules(message, message.error ?? null, state));
  } else if (Object.hasOwn(message, "error") && (state.transport === "http" || state.transport === "sse")) {
    // An HTTP refusal (4xx) may carry a JSON-RPC error without an id (http.post.rejected-4xx).
    out.push(...errorRules(message, message.error ?? null, state));
  } else {
    out.push(breach("base.response.result-or-error", "a message with neither method nor id", message));
  }
  if (state.revision >= "2025-06-18") out.push(...metaKeys(message));
  return out;
}
