import type { RequestId } from "@mcpkit/core";

/**
 * Whose answer a message too large to read was, from its first and last bytes only: the `id` of a
 * JSON-RPC response, or undefined when the edges do not show for sure that the message is a
 * response and which id it carries.
 *
 * A response's big member (`result` or `error`) is one value in the middle; serialisers write the
 * small members (`jsonrpc`, `id`) before it or after it. So the head is read forwards, member by
 * member, up to the first object or array value, and the tail backwards the same way. The message
 * is taken for a response when that first big value is `result` or `error` and no `method` shows;
 * the id must be a top-level member seen whole (never a guess from inside a value). A batch array,
 * an id between two big values or an edge that cuts a member leaves it undefined: the request then
 * waits for its timeout, as it would have, rather than failing an innocent one.
 *
 * @example
 * ```ts
 * answeredId('{"jsonrpc":"2.0","id":7,"result":{"content":[', '…]}}'); // 7
 * answeredId('{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{', "…}}"); // undefined
 * ```
 */
export function answeredId(head: string, tail: string): RequestId | undefined {
  const front = membersForward(head);
  const back = membersBackward(tail);
  if (!front || !back) return undefined;
  if (front.bigKey !== "result" && front.bigKey !== "error") return undefined;
  if (front.members.has("method") || back.has("method")) return undefined;
  const ids = [front.members.get("id"), back.get("id")].filter((raw) => raw !== undefined);
  if (ids.length === 0 || (ids.length === 2 && ids[0] !== ids[1])) return undefined;
  const id = parse(ids[0] as string);
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/** Top-level members seen whole, by key, each with its value's JSON text. */
type Members = Map<string, string>;

const WHITESPACE = new Set([" ", "\t", "\r", "\n"]);
const LITERAL = /[-+.0-9A-Za-z]/;

/**
 * The members at the start of an object, up to its first object or array value (whose key is
 * `bigKey`). Undefined when the text is not the start of an object, or ends before such a value.
 */
function membersForward(text: string): { members: Members; bigKey: string } | undefined {
  const members: Members = new Map();
  let at = skip(text, 0);
  if (text[at] !== "{") return undefined;
  at++;
  for (;;) {
    at = skip(text, at);
    const keyEnd = stringEnd(text, at);
    if (keyEnd === undefined) return undefined;
    const key = parse(text.slice(at, keyEnd));
    at = skip(text, keyEnd);
    if (typeof key !== "string" || text[at] !== ":") return undefined;
    at = skip(text, at + 1);
    if (text[at] === "{" || text[at] === "[") return { members, bigKey: key };
    const valueEnd = text[at] === '"' ? stringEnd(text, at) : literalEnd(text, at);
    // A value that runs to the end of the head may go on past it.
    if (valueEnd === undefined || valueEnd >= text.length) return undefined;
    members.set(key, text.slice(at, valueEnd));
    at = skip(text, valueEnd);
    if (text[at] !== ",") return undefined;
    at++;
  }
}

/**
 * The members at the end of an object, read backwards up to an object or array value or to where
 * the tail was cut. A member counts once the `,` (or `{`) before it is seen; undefined when the
 * text does not end an object.
 */
function membersBackward(text: string): Members | undefined {
  const members: Members = new Map();
  let at = skipBack(text, text.length - 1);
  if (text[at] !== "}") return undefined;
  at--;
  for (;;) {
    at = skipBack(text, at);
    // `at` is the last character of a value.
    if (text[at] === "}" || text[at] === "]") return members;
    const valueStart = text[at] === '"' ? stringStartBack(text, at) : literalStartBack(text, at);
    if (valueStart === undefined) return members;
    const value = text.slice(valueStart, at + 1);
    at = skipBack(text, valueStart - 1);
    if (text[at] !== ":") return members;
    at = skipBack(text, at - 1);
    const keyStart = text[at] === '"' ? stringStartBack(text, at) : undefined;
    if (keyStart === undefined) return members;
    const key = parse(text.slice(keyStart, at + 1));
    at = skipBack(text, keyStart - 1);
    if (typeof key !== "string" || (text[at] !== "," && text[at] !== "{")) return members;
    members.set(key, value);
    if (text[at] === "{") return members;
    at--;
  }
}

function skip(text: string, at: number): number {
  while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  return at;
}

function skipBack(text: string, at: number): number {
  while (at >= 0 && WHITESPACE.has(text[at] as string)) at--;
  return at;
}

/** Just past the string starting at `at` (a `"`), or undefined if it does not end in the text. */
function stringEnd(text: string, at: number): number | undefined {
  if (text[at] !== '"') return undefined;
  for (let i = at + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === '"') return i + 1;
  }
  return undefined;
}

/**
 * Where the string ending at `at` (a `"`) starts: the first `"` before it that no backslash
 * escapes. Undefined if it starts before the text, or if a run of backslashes reaches the text's
 * start (whether it escapes the quote cannot be told).
 */
function stringStartBack(text: string, at: number): number | undefined {
  for (let i = at - 1; i >= 0; i--) {
    if (text[i] !== '"') continue;
    let slashes = 0;
    while (i - slashes - 1 >= 0 && text[i - slashes - 1] === "\\") slashes++;
    if (i - slashes === 0 && slashes > 0) return undefined;
    if (slashes % 2 === 0) return i;
  }
  return undefined;
}

/** Just past a number, `true`, `false` or `null` starting at `at`. */
function literalEnd(text: string, at: number): number | undefined {
  let end = at;
  while (end < text.length && LITERAL.test(text[end] as string)) end++;
  return end > at ? end : undefined;
}

function literalStartBack(text: string, at: number): number | undefined {
  let start = at;
  while (start >= 0 && LITERAL.test(text[start] as string)) start--;
  // Running to the text's start, the literal may have been cut.
  return start < at && start >= 0 ? start + 1 : undefined;
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
