import type { Revision } from "@mcpkit/schema";
import { ClientError } from "../errors.js";
import type { CallToolResult, Tool } from "../types.js";
import type { OutputSchemaValidator } from "../validation/output-validator.js";

type Schema = Readonly<Record<string, unknown>>;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const tagged = new WeakMap<Schema, Schema>();

/**
 * The schema as its revision reads it: revisions up to 2025-06-18 read a schema without `$schema`
 * as draft-07 (2025-11-25 made 2020-12 the default), so such a schema is checked with draft-07's
 * `$schema` added (once per schema object, so validators keep their per-schema caches).
 */
function inDialectOf(revision: Revision | undefined, schema: Schema): Schema {
  if (revision === undefined || revision > "2025-06-18" || "$schema" in schema) return schema;
  let draft07 = tagged.get(schema);
  if (draft07 === undefined) {
    draft07 = { $schema: DRAFT_07, ...schema };
    tagged.set(schema, draft07);
  }
  return draft07;
}

/**
 * Checks a tool result against the tool's `outputSchema`, read in the dialect of the revision that
 * served it: a tool that declares one must return `structuredContent` that matches it (unless the
 * result is an error). Throws `ClientError("invalid_structured_content")` with
 * `data: { tool, pointer, message }`.
 */
export function checkStructuredContent(
  tool: Tool,
  result: CallToolResult,
  validator: OutputSchemaValidator,
  revision: Revision | undefined,
): void {
  const schema = tool.outputSchema && inDialectOf(revision, tool.outputSchema);
  if (!schema || result.isError) return;
  if (result.structuredContent === undefined) {
    throw new ClientError(
      "invalid_structured_content",
      `Tool ${tool.name} declares an output schema but returned no structuredContent`,
      { data: { tool: tool.name, pointer: "", message: "structuredContent is missing" } },
    );
  }
  const check = validator.check(schema, result.structuredContent);
  if (!check.ok) {
    throw new ClientError(
      "invalid_structured_content",
      `The structuredContent of tool ${tool.name} does not match its output schema: ${check.pointer || "(root)"} ${check.message}`,
      { data: { tool: tool.name, pointer: check.pointer, message: check.message } },
    );
  }
}
