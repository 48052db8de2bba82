import { type JsonObject, isObject } from "../model/json.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
/** The filter field of `subscriptions/listen` that opts into each list-changed notification. */
const FILTER_FIELD: Record<string, string> = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/prompts/list_changed": "promptsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged",
};
/** Notifications that belong to one request's own stream, never to a listen stream. */
const REQUEST_SCOPED = new Set(["notifications/progress", "notifications/message"]);

/**
 * 2026-07-28 rules of one notification tagged with a subscription id (basic/patterns/subscriptions):
 * the id names a listen request of the run; the acknowledgement comes first; only the kinds the
 * filter opted into (and updates only for the URIs it named); no request-scoped notifications.
 * Untagged notifications are not judged here (a listen stream's messages are all tagged).
 */
export function subscriptionRules(message: JsonObject, state: RunState): Breach[] {
  if (state.revision < "2026-07-28") return [];
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if (!Object.hasOwn(meta, SUBSCRIPTION_ID)) return [];
  const method = message.method as string;
  const id = meta[SUBSCRIPTION_ID];
  const key = idKey(id);
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const listen = state.requests.get(key);
  if (listen === undefined || listen.method !== "subscriptions/listen") {
    push(
      "subscriptions.tagged",
      `${method} tagged with subscription id ${key}, which no subscriptions/listen request of the run has`,
    );
    return out;
  }
  if (method === "notifications/subscriptions/acknowledged") {
    state.acknowledged.add(key);
    return out;
  }
  if (!state.acknowledged.has(key))
    push(
      "subscriptions.ack-first",
      `${method} on subscription ${key} before notifications/subscriptions/acknowledged`,
    );
  if (REQUEST_SCOPED.has(method))
    push("subscriptions.request-scoped-elsewhere", `a request-scoped ${method} on listen stream ${key}`);
  const filter = isObject(listen.params.notifications) ? listen.params.notifications : {};
  const field = FILTER_FIELD[method];
  if (field !== undefined && filter[field] !== true)
    push("subscriptions.filter", `${method} on listen stream ${key}, whose filter did not set ${field}`);
  if (method === "notifications/resources/updated") {
    const uris = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions : [];
    if (!uris.includes(params.uri ?? null))
      push(
        "subscriptions.filter",
        `notifications/resources/updated for ${JSON.stringify(params.uri ?? null)} on listen stream ${key}, whose resourceSubscriptions do not name it`,
      );
  }
  return out;
}
