import { ClientError } from "../errors.js";
import type { CallToolResult, Tool } from "../types.js";
import type { OutputSchemaValidator } from "../validation/output-validator.js";

/**
 * Checks a tool result against the tool's `outputSchema`: a tool that declares one must return
 * `structuredContent` that matches it (unless the result is an error). Throws
 * `ClientError("invalid_structured_content")` with `data: { tool, pointer, message }`.
 */
export function checkStructuredContent(
  tool: Tool,
  result: CallToolResult,
  validator: OutputSchemaValidator,
): void {
  const schema = tool.outputSchema;
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
