import type { JsonObject } from "../model/json.js";

/** One challenge of a `WWW-Authenticate` header: `{"scheme": "bearer", "params": {...}}`. */
export interface Challenge extends JsonObject {
  /** The auth scheme, lower-cased (schemes are case-insensitive). */
  scheme: string;
  /** auth-params by lower-cased name, quoted values unquoted. */
  params: JsonObject;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/**
 * Parses a `WWW-Authenticate` value into its challenges (RFC 9110 §11.6.1), or undefined when it
 * is not well-formed. A token68 credential is kept as the param `token68`.
 * @example
 * parseWwwAuthenticate('Bearer resource_metadata="https://x/.well-known/oauth-protected-resource", scope="a b"');
 * // [{ scheme: "bearer", params: { resource_metadata: "https://x/...", scope: "a b" } }]
 */
export function parseWwwAuthenticate(header: string): Challenge[] | undefined {
  const challenges: Challenge[] = [];
  let rest = header;
  const skip = (pattern: RegExp) => {
    rest = rest.replace(pattern, "");
  };
  // Each round reads one challenge; each inner round one auth-param. Both consume input, so both end.
  for (;;) {
    skip(/^[\s,]+/);
    if (rest === "") break;
    const scheme = TOKEN.exec(rest)?.[0];
    if (scheme === undefined) return undefined;
    rest = rest.slice(scheme.length);
    const challenge: Challenge = { scheme: scheme.toLowerCase(), params: {} };
    challenges.push(challenge);
    if (rest !== "" && !/^[ \t]/.test(rest) && !rest.startsWith(",")) return undefined;
    skip(/^[ \t]+/);
    // token68 form: a lone credential (it may end in "=" padding), not a name=value param.
    const t68 = /^([A-Za-z0-9._~+/-]+=*)[ \t]*(,|$)/.exec(rest);
    if (t68 && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+[ \t]*=[ \t]*[^\s,=]/.test(rest)) {
      challenge.params.token68 = t68[1] as string;
      rest = rest.slice((t68[1] as string).length);
      skip(/^[\s,]+/);
      continue;
    }
    for (;;) {
      const name = TOKEN.exec(rest)?.[0];
      if (name === undefined) break;
      const after = rest.slice(name.length);
      const eq = /^[ \t]*=[ \t]*/.exec(after);
      if (!eq) break; // not a param: the next challenge's scheme
      rest = after.slice(eq[0].length);
      let value: string;
      if (rest.startsWith('"')) {
        const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
        if (!quoted) return undefined;
        value = (quoted[1] as string).replace(/\\(.)/g, "$1");
        rest = rest.slice(quoted[0].length);
      } else {
        const token = TOKEN.exec(rest)?.[0];
        if (token === undefined) return undefined;
        value = token;
        rest = rest.slice(token.length);
      }
      challenge.params[name.toLowerCase()] = value;
      skip(/^[ \t]*/);
      if (rest === "") break;
      if (!rest.startsWith(",")) return undefined;
      skip(/^[\s,]+/);
    }
  }
  return challenges;
}
