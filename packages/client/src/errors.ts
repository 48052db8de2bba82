/**
 * Why something failed in the client itself, beyond what `LocalError` from `@mcpkit/core` names
 * (timeouts, closed connections and missing capabilities stay `LocalError`s).
 */
export type ClientErrorCode =
  /** A tool's `structuredContent` is missing or does not match the tool's `outputSchema`. */
  | "invalid_structured_content"
  /** A list had more pages than `maxPages` allows, or its cursors went round in a circle. */
  | "too_many_pages"
  /** An elicitation answer from the local handler does not match the server's `requestedSchema`. */
  | "invalid_elicitation_answer"
  /** The server asked for input (sampling, roots, elicitation) this client has no handler for. */
  | "no_handler"
  /** The era could not be settled: the server speaks no revision this client accepts. */
  | "no_common_revision"
  /** `connect` was called twice, or a method was called before `connect`. */
  | "not_connected"
  /** A listed tool has an unusable 2026-07-28 `x-mcp-header` annotation; `listTools` leaves it out. */
  | "invalid_tool_definition";

/**
 * A failure on the client's side with a string code (never a JSON-RPC code). Wire errors stay
 * `McpError` with the server's code and data; engine failures stay `LocalError`.
 *
 * @example
 * ```ts
 * try {
 *   await client.callTool({ name: "weather", arguments: { city: "Oslo" } });
 * } catch (error) {
 *   if (error instanceof ClientError && error.code === "invalid_structured_content") console.warn(error.data);
 * }
 * ```
 */
export class ClientError extends Error {
  override readonly name = "ClientError";
  readonly code: ClientErrorCode;
  /** Details, e.g. `{ pointer, message }` of the first schema violation. */
  readonly data: unknown;

  constructor(code: ClientErrorCode, message: string, options?: { data?: unknown; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options?.data;
  }
}
