/**
 * 2025-03-26: batching, tool annotations, audio content, a `completions` capability and progress
 * messages. (Streamable HTTP and OAuth also arrive in this revision but live outside the schema.)
 */
import { extend, opt, str } from "../../dsl.js";
import type { RevisionSource } from "../../revision.js";
import { capabilityFlag, lifecycle } from "../2024-11-05/lifecycle.js";
import { notificationOf } from "../2024-11-05/jsonrpc.js";
import { progressParams as baseProgressParams } from "../2024-11-05/utilities.js";
import { batchingAdded, batchingChanged } from "./batching.js";
import { contentAdded, contentChanged } from "./content.js";
import { toolsAdded, toolsChanged } from "./tools.js";

/** Params of `notifications/progress`, now with an optional human-readable message. */
export const progressParams = extend(baseProgressParams, { message: opt(str()) });

export const revision20250326: RevisionSource = {
  revision: "2025-03-26",
  dialect: "draft-07",
  summary: [
    "JSON-RPC batches: JSONRPCMessage may be an array of requests/notifications or of responses/errors.",
    "Tools gain optional ToolAnnotations (title, read-only, destructive, idempotent, open-world hints).",
    "AudioContent joins text and images in prompts, tool results and sampling.",
    "The inline annotations object becomes the named Annotations type; Annotated is removed.",
    "Servers declare argument completion with a new `completions` capability.",
    "Progress notifications may carry a message.",
  ],
  added: { ...batchingAdded, ...toolsAdded, ...contentAdded },
  changed: {
    ...batchingChanged,
    ...toolsChanged,
    ...contentChanged,
    ProgressNotification: notificationOf("notifications/progress", progressParams),
    ServerCapabilities: extend(lifecycle.ServerCapabilities, { completions: opt(capabilityFlag()) }),
  },
  removed: ["Annotated"],
};
