import { type Json, isObject } from "../model/json.js";
import type { Step, Transcript } from "../model/transcript.js";

/**
 * Methods whose request leaves state behind that the wire cannot see (a log level, a
 * subscription, a task, a second handshake): a run that sends one gets a process of its own.
 */
const STATEFUL_METHODS = new Set([
  "initialize",
  "notifications/initialized",
  "notifications/roots/list_changed",
  "logging/setLevel",
  "resources/subscribe",
  "resources/unsubscribe",
  "subscriptions/listen",
]);

function sendsStatefully(message: Json): boolean {
  if (Array.isArray(message)) return message.some(sendsStatefully);
  if (!isObject(message)) return false;
  const method = message.method;
  // A response answers a server request: the run-time check sees that every one was answered.
  if (typeof method !== "string") return false;
  if (STATEFUL_METHODS.has(method) || method.startsWith("tasks/")) return true;
  const params = message.params;
  if (!isObject(params)) return false;
  if (Object.hasOwn(params, "task")) return true;
  const meta = params._meta;
  // 2026-07-28: a log opt-in outlives the request on some servers.
  return isObject(meta) && Object.keys(meta).some((key) => key.endsWith("/logLevel"));
}

function stepShareable(step: Step): boolean {
  switch (step.op) {
    case "send":
      // A raw line is fine (a correct server answers it and goes on); one without its newline
      // would run into the next run's first message.
      if (step.raw !== undefined) return step.newline !== false;
      return step.http === undefined && (step.message === undefined || !sendsStatefully(step.message));
    case "expect":
      return step.http === undefined;
    case "expectNothing":
    case "wait":
      return true;
    default:
      // close, expectClose, expectExit, http, connect: about the connection or the process itself.
      return false;
  }
}

/**
 * Whether a server transcript may run on a stdio process an earlier run already opened (same
 * revision and client capabilities, the handshake done once): it sends nothing that leaves state
 * behind which the wire cannot see, and does not end the connection. What the wire can see is
 * checked when the run ends (every request answered both ways, a `ping` fence answered with nothing
 * before it) before the process serves another run, and a run that fails on a process it did not
 * open is run again on a fresh one, so sharing can neither blame nor excuse a server.
 * A transcript that changes the server's state through a fixture says `"fresh": true`.
 *
 * @example
 * shareable({ id: "x", title: "x", side: "server", requirements: [], revisions: ["all"],
 *   steps: [{ op: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } }] }); // true
 */
export function shareable(t: Transcript): boolean {
  if (t.side !== "server" || t.setup === "none" || t.autoConnect === false) return false;
  if ((t.needs?.length ?? 0) > 0 || t.fresh === true) return false;
  // Sharing is for stdio: steps of other transports do not run there.
  return t.steps.every((step) => step.transports?.includes("stdio") === false || stepShareable(step));
}
