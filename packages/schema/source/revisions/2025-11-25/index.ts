/**
 * Protocol revision 2025-11-25, as changes to 2025-06-18. Each module covers one feature and
 * exports the definitions it adds, changes or removes; this file only merges them.
 */
import type { Definitions, RevisionSource } from "../../revision.js";
import * as capabilities from "./capabilities.js";
import * as elicitationSchemas from "./elicitation-schemas.js";
import * as elicitation from "./elicitation.js";
import * as icons from "./icons.js";
import * as jsonrpc from "./jsonrpc.js";
import * as messages from "./messages.js";
import * as params from "./params.js";
import * as sampling from "./sampling.js";
import * as tasks from "./tasks.js";
import * as tools from "./tools.js";
import * as unions from "./unions.js";

interface Part {
  readonly added?: Definitions;
  readonly changed?: Definitions;
  readonly removed?: readonly string[];
}

const parts: readonly Part[] = [
  jsonrpc,
  params,
  messages,
  tasks,
  tools,
  sampling,
  elicitation,
  elicitationSchemas,
  icons,
  capabilities,
  unions,
];

/** Merges the parts, refusing a name that two parts both define. */
function merge(pick: (part: Part) => Definitions | undefined): Definitions {
  const out: Record<string, Definitions[string]> = {};
  for (const part of parts) {
    for (const [name, schema] of Object.entries(pick(part) ?? {})) {
      if (name in out) throw new Error(`2025-11-25: ${name} is defined twice`);
      out[name] = schema;
    }
  }
  return out;
}

export const revision20251125: RevisionSource = {
  revision: "2025-11-25",
  dialect: "2020-12",
  summary: [
    "Schema dialect moves from draft-07 to JSON Schema 2020-12; tool input/output schemas may name theirs in `$schema`.",
    "Tasks (experimental): task-augmented requests answered with CreateTaskResult, tasks/get, tasks/result, tasks/list, tasks/cancel and notifications/tasks/status, gated by `tasks` capabilities and Tool.execution.taskSupport.",
    "URL-mode elicitation: ElicitRequestURLParams, notifications/elicitation/complete and error -32042 (URLElicitationRequiredError); the client's elicitation capability splits into form and url.",
    "Elicitation enums reworked into titled/untitled single- and multi-select schemas (the old form kept as LegacyTitledEnumSchema); every primitive field may have a default, and answers may be string arrays.",
    "Sampling with tools: `tools` and `toolChoice` in CreateMessageRequestParams, ToolUseContent/ToolResultContent blocks, and client sampling.tools / sampling.context capabilities.",
    "Icons on tools, resources, resource templates, prompts and Implementation; Implementation also gains description and websiteUrl.",
    "Each request's and notification's params become a named type extending RequestParams or NotificationParams; concrete messages now spell out `jsonrpc` and `id`.",
    "JSONRPCError becomes JSONRPCErrorResponse with an optional id and a named Error object; JSONRPCResultResponse is the success shape and JSONRPCResponse the union of both.",
    "notifications/cancelled no longer requires requestId (tasks are cancelled with tasks/cancel).",
  ],
  added: merge((part) => part.added),
  changed: merge((part) => part.changed),
  removed: parts.flatMap((part) => part.removed ?? []),
};
