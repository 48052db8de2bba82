/**
 * URIs and URI references (RFC 3986), IRIs and IRI references (RFC 3987) and URI templates
 * (RFC 6570), checked against their grammars component by component.
 */
import { isIpv6 } from "./network.js";

const unreserved = "A-Za-z0-9\\-._~";
const subDelims = "!$&'()*+,;=";
const pct = "%[0-9A-Fa-f]{2}";
/** RFC 3987 ucschar: the non-ASCII characters an IRI may hold anywhere. */
const ucschar =
  "\\u00a0-\\ud7ff\\uf900-\\ufdcf\\ufdf0-\\uffef\\u{10000}-\\u{1fffd}\\u{20000}-\\u{2fffd}\\u{30000}-\\u{3fffd}\\u{40000}-\\u{4fffd}\\u{50000}-\\u{5fffd}\\u{60000}-\\u{6fffd}\\u{70000}-\\u{7fffd}\\u{80000}-\\u{8fffd}\\u{90000}-\\u{9fffd}\\u{a0000}-\\u{afffd}\\u{b0000}-\\u{bfffd}\\u{c0000}-\\u{cfffd}\\u{d0000}-\\u{dfffd}\\u{e1000}-\\u{efffd}";
/** RFC 3987 iprivate: private-use characters, allowed in the query only. */
const iprivate = "\\ue000-\\uf8ff\\u{f0000}-\\u{ffffd}\\u{100000}-\\u{10fffd}";

interface Grammar {
  readonly userinfo: RegExp;
  readonly regName: RegExp;
  readonly path: RegExp;
  readonly query: RegExp;
  readonly fragment: RegExp;
}

function grammar(international: boolean): Grammar {
  const extra = international ? ucschar : "";
  const repeat = (chars: string, more = "") =>
    new RegExp(`^(?:[${unreserved}${subDelims}${extra}${chars}${more}]|${pct})*$`, "u");
  return {
    userinfo: repeat(":"),
    regName: repeat(""),
    path: repeat(":@/"),
    query: repeat(":@/?", international ? iprivate : ""),
    fragment: repeat(":@/?"),
  };
}

const uriGrammar = grammar(false);
const iriGrammar = grammar(true);

const referencePattern =
  /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const ipFuture = new RegExp(`^v[0-9A-Fa-f]+\\.[${unreserved}${subDelims}:]+$`, "i");

/** RFC 3986 section 3.2: [userinfo "@"] host [":" port], with an IP literal in brackets. */
function isAuthority(authority: string, rules: Grammar): boolean {
  const at = authority.indexOf("@");
  if (at >= 0 && !rules.userinfo.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1);
  let host: string;
  let port: string;
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    if (!ipFuture.test(literal) && !isIpv6(literal)) return false;
    host = "";
    port = hostPort.slice(close + 1);
  } else {
    const colon = hostPort.indexOf(":");
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? "" : hostPort.slice(colon);
    // "192.168.0.01" is not an IPv4address, but it is a valid reg-name, so it is accepted.
    if (!rules.regName.test(host)) return false;
  }
  return port === "" || /^:[0-9]*$/.test(port);
}

/** Whether `text` is a URI reference (or, with `requireScheme`, a URI) under those rules. */
function isReference(text: string, rules: Grammar, requireScheme: boolean): boolean {
  const match = referencePattern.exec(text);
  if (!match) return false;
  const [, scheme, authority, path = "", query, fragment] = match;
  if (requireScheme && scheme === undefined) return false;
  if (authority !== undefined && !isAuthority(authority, rules)) return false;
  if (!rules.path.test(path)) return false;
  // Without a scheme, a colon in the first segment would read as one.
  if (scheme === undefined && authority === undefined && /^[^/]*:/.test(path)) return false;
  if (query !== undefined && !rules.query.test(query)) return false;
  return fragment === undefined || rules.fragment.test(fragment);
}

export const isUri = (text: string): boolean => isReference(text, uriGrammar, true);
export const isUriReference = (text: string): boolean => isReference(text, uriGrammar, false);
export const isIri = (text: string): boolean => isReference(text, iriGrammar, true);
export const isIriReference = (text: string): boolean => isReference(text, iriGrammar, false);

const varChar = "(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})";
const varSpec = `${varChar}(?:\\.?${varChar})*(?::[1-9][0-9]{0,3}|\\*)?`;
const expressionPattern = new RegExp(`^[+#./;?&=,!@|]?${varSpec}(?:,${varSpec})*$`);
/**
 * RFC 6570 literals: any character but controls, space, DEL and `"%<>\^`{|}` ("%" only as a
 * percent-encoding). The apostrophe is allowed, as the official test suite expects.
 */
const literalPattern = new RegExp(
  `^(?:[!#$&'()*+,\\-./0-9:;=?@A-Z[\\]_a-z~${ucschar}${iprivate}]|${pct})*$`,
  "u",
);

export function isUriTemplate(text: string): boolean {
  let rest = text;
  while (rest.length > 0) {
    const open = rest.indexOf("{");
    const literal = open < 0 ? rest : rest.slice(0, open);
    if (!literalPattern.test(literal)) return false;
    if (open < 0) return true;
    const close = rest.indexOf("}", open);
    if (close < 0 || !expressionPattern.test(rest.slice(open + 1, close))) return false;
    rest = rest.slice(close + 1);
  }
  return true;
}
