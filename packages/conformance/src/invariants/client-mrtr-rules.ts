import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

/** A client request the server answered with input_required, waiting for its retry. */
interface Pending {
  id: string;
  method: string;
  target: string;
  keys: string[];
  state: string | undefined;
}

interface MrtrState {
  /** The client's requests by id key: method and target (tool, prompt or resource). */
  readonly asked: Map<string, { method: string; target: string }>;
  readonly pending: Pending[];
}

const states = new WeakMap<RunState, MrtrState>();
const LIMIT = 1000;

function stateOf(state: RunState): MrtrState {
  let s = states.get(state);
  if (s === undefined) {
    s = { asked: new Map(), pending: [] };
    states.set(state, s);
  }
  return s;
}

function targetOf(params: JsonObject): string {
  const target = params.name ?? params.uri;
  return typeof target === "string" ? target : "";
}

/** A result the server side sent: an input_required answer to a client request awaits its retry. */
export function clientMrtrResult(message: Json, state: RunState): void {
  if (state.revision < "2026-07-28" || !isObject(message) || !isObject(message.result)) return;
  const result = message.result;
  if (result.resultType !== "input_required") return;
  const s = states.get(state);
  const key = idKey(message.id);
  const asked = s?.asked.get(key);
  if (s === undefined || asked === undefined || s.pending.length >= LIMIT) return;
  s.pending.push({
    id: key,
    ...asked,
    keys: isObject(result.inputRequests) ? Object.keys(result.inputRequests) : [],
    state: typeof result.requestState === "string" ? result.requestState : undefined,
  });
}

/**
 * 2026-07-28 multi round-trip requests, on each request the client sends: a retry (a request
 * carrying inputResponses or requestState) has a new id, answers every input asked for, echoes
 * the requestState exactly (and sends none when none was given), and uses another request's
 * state for no other request.
 */
export function clientMrtrRequest(message: JsonObject, state: RunState): Breach[] {
  if (state.revision < "2026-07-28" || !Object.hasOwn(message, "id")) return [];
  const s = stateOf(state);
  const method = message.method as string;
  const params = isObject(message.params) ? message.params : {};
  const target = targetOf(params);
  const key = idKey(message.id);
  if (s.asked.size < 10_000) s.asked.set(key, { method, target });
  const responses = isObject(params.inputResponses) ? params.inputResponses : undefined;
  const echoed = params.requestState;
  if (responses === undefined && echoed === undefined) return [];
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const owner = typeof echoed === "string" ? s.pending.find((p) => p.state === echoed) : undefined;
  const same = s.pending.filter((p) => p.method === method && p.target === target);
  const original =
    owner !== undefined && owner.method === method && owner.target === target ? owner : same.at(-1);
  if (owner !== undefined && owner !== original)
    push(
      "mrtr.client.no-cross-use",
      `${method} carries the requestState given to request ${owner.id} (${owner.method}), not its own`,
    );
  if (original === undefined) return out;
  s.pending.splice(s.pending.indexOf(original), 1);
  if (original.id === key) push("mrtr.client.new-id", `the retry of request ${key} reuses its id`);
  if (original.state === undefined && echoed !== undefined)
    push("mrtr.client.no-invented-state", `a retry of ${method} with a requestState the server never gave`);
  else if (original.state !== undefined && echoed !== original.state)
    push(
      "mrtr.client.echo-state",
      `the retry of ${method} sends requestState ${JSON.stringify(echoed ?? null)}, not the ${JSON.stringify(original.state)} it was given`,
    );
  const missing = original.keys.filter((k) => responses === undefined || responses[k] === undefined);
  if (missing.length > 0)
    push(
      "mrtr.client.fulfil-before-retry",
      `the retry of ${method} answers no input for ${missing.join(", ")}`,
    );
  return out;
}
