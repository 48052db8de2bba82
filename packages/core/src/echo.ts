/**
 * The most characters of a peer's input that an error message or `data` repeats back. Echoing
 * input whole lets a peer make the answer larger than the request (a 3 MB tool name came back as
 * 6 MB: once in the message, once in `data`).
 */
export const ECHO_LIMIT = 256;

/**
 * A peer-supplied name or value as an error may repeat it: unchanged up to `max` characters,
 * otherwise its first `max` characters and a marker saying how many were left out. O(1) for
 * short input; never splits a surrogate pair.
 *
 * @example
 * ```ts
 * truncateEcho("get_weather"); // "get_weather"
 * truncateEcho("x".repeat(300)); // "xxx…x…(+44 chars)" (256 x's, then the marker)
 * declare const name: string; // from the peer
 * throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${truncateEcho(name)}`, { name: truncateEcho(name) });
 * ```
 */
export function truncateEcho(text: string, max: number = ECHO_LIMIT): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate: keep the pair whole by cutting before it
  return `${text.slice(0, end)}…(+${text.length - end} chars)`;
}
