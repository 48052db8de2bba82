import { type Json, isObject } from "../model/json.js";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether a string is base64 as RFC 4648 section 4 defines it: its alphabet, padded to whole groups. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

/**
 * `resources.security.binary-encoding`: the `blob` of resource contents (a `resources/read`
 * item, or the `resource` of an embedded resource block) is base64. Returns why not, or undefined.
 * @example
 * blobProblem({ uri: "file:///a", blob: "not base64!" }); // "the blob of file:///a is not base64"
 */
export function blobProblem(contents: Json): string | undefined {
  if (!isObject(contents) || typeof contents.blob !== "string" || isBase64(contents.blob)) return undefined;
  return `the blob of ${String(contents.uri ?? "a resource")} is not base64`;
}
