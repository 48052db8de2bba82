/**
 * What a server offers: prompts, resources, resource templates and tools. Same members as in
 * 2025-11-25 with `_meta` typed as MetaObject; tools lose task support and may use any JSON Schema.
 */
import { extend, lit, obj, omit, opt, str } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";
import { dataMeta } from "./shapes.js";

export const primitives: RevisionPiece = {
  summary: [
    'Tool input and output schemas may use any JSON Schema 2020-12 keyword; the only constraint left is `type: "object"` at the root of inputSchema.',
  ],
  changed: {
    Prompt: extend(was.Prompt, dataMeta),
    Resource: extend(was.Resource, dataMeta),
    ResourceLink: extend(was.ResourceLink, dataMeta),
    ResourceTemplate: extend(was.ResourceTemplate, dataMeta),
    // `execution` (task support) goes with tasks.
    Tool: extend(omit(was.Tool, "execution"), {
      inputSchema: obj({ $schema: opt(str()), type: lit("object") }, { extra: true }),
      outputSchema: opt(obj({ $schema: opt(str()) }, { extra: true })),
      ...dataMeta,
    }),
  },
};
