/**
 * 2025-11-25, capabilities. The client's `elicitation` splits into `form` and `url` modes and its
 * `sampling` gains `context` (for includeContext other than "none") and `tools`. Both sides gain a
 * `tasks` tree: `list`, `cancel`, and `requests` naming which requests may be task-augmented.
 */
import { type Properties, extend, obj, opt } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { capabilityFlag as flag } from "../2024-11-05/lifecycle.js";
import { previous } from "./previous.js";

/** A `tasks` capability: listing, cancelling, and the requests this side accepts as tasks. */
function tasks(requests: Properties) {
  return opt(obj({ list: opt(flag()), cancel: opt(flag()), requests: opt(obj(requests)) }));
}

/** One group of task-capable methods, e.g. `{ tools: { call: {} } }`. */
function methods(...names: string[]) {
  return opt(obj(Object.fromEntries(names.map((name) => [name, opt(flag())]))));
}

export const changed: Definitions = {
  ClientCapabilities: extend(previous("ClientCapabilities"), {
    sampling: opt(obj({ context: opt(flag()), tools: opt(flag()) })),
    elicitation: opt(obj({ form: opt(flag()), url: opt(flag()) })),
    tasks: tasks({ sampling: methods("createMessage"), elicitation: methods("create") }),
  }),
  ServerCapabilities: extend(previous("ServerCapabilities"), {
    tasks: tasks({ tools: methods("call") }),
  }),
};
