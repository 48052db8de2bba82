/** The characters the specification allows in a tool name (2025-11-25, "Tool names"). */
const TOOL_NAME_CHARACTER = /^[A-Za-z0-9_.-]$/;
export const MAX_TOOL_NAME_LENGTH = 128;

/**
 * Refuses a tool name clients could not rely on, as the specification's "Tool names" rules say: 1
 * to 128 characters, each an ASCII letter, a digit, `_`, `-` or `.`. Throws a TypeError naming the
 * tool and the rule it breaks.
 *
 * @example
 * ```ts
 * assertToolName("admin.tools.list"); // fine
 * assertToolName("get user"); // TypeError: Tool name "get user" is not allowed: ... (" " at index 3)
 * ```
 */
export function assertToolName(name: unknown): void {
  if (typeof name !== "string") {
    throw new TypeError(`Tool name ${String(name)} is not allowed: a tool name must be a string`);
  }
  const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
  if (name.length < 1 || name.length > MAX_TOOL_NAME_LENGTH) {
    throw new TypeError(
      `Tool name ${shown} is not allowed: a tool name must be 1 to ${MAX_TOOL_NAME_LENGTH} characters long (it has ${name.length})`,
    );
  }
  for (let i = 0; i < name.length; i++) {
    const character = name[i] as string;
    if (!TOOL_NAME_CHARACTER.test(character)) {
      throw new TypeError(
        `Tool name ${shown} is not allowed: a tool name may hold only A-Z, a-z, 0-9, "_", "-" and "." (it has ${JSON.stringify(character)} at index ${i})`,
      );
    }
  }
}
