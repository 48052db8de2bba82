/** URIs and URI references (RFC 3986) and URI templates (RFC 6570), checked by their grammar's characters. */

// Characters a URI may hold outside percent-encodings: unreserved, sub-delims, and the gen-delims.
const uriCharacters = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;
const schemePattern = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function wellFormed(text: string): boolean {
  if (!uriCharacters.test(text)) return false;
  const hash = text.indexOf("#");
  if (hash >= 0 && text.indexOf("#", hash + 1) >= 0) return false;
  // Brackets only around an IP literal host: "//[...]".
  const open = text.indexOf("[");
  const close = text.indexOf("]");
  if (open < 0 && close < 0) return true;
  const authority =
    /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/(?:[^@/?#]*@)?\[[0-9A-Fa-f:.vV]+\](?::\d*)?(?:[/?#]|$)/.exec(text);
  return authority !== null && text.indexOf("[", open + 1) < 0 && text.indexOf("]", close + 1) < 0;
}

/** The port of an authority, if any, must be digits. */
function portOk(text: string): boolean {
  const authority = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#]*)/.exec(text)?.[1];
  if (authority === undefined) return true;
  const host = authority.slice(authority.lastIndexOf("@") + 1);
  const port = host.startsWith("[")
    ? host.slice(host.indexOf("]") + 1)
    : host.slice(host.indexOf(":") >= 0 ? host.indexOf(":") : host.length);
  return port === "" || /^:\d*$/.test(port);
}

export function isUri(text: string): boolean {
  return schemePattern.test(text) && wellFormed(text) && portOk(text);
}

export function isUriReference(text: string): boolean {
  if (!wellFormed(text) || !portOk(text)) return false;
  if (schemePattern.test(text)) return true;
  // Without a scheme, the first path segment must not hold a colon (it would read as one).
  const firstSegment = /^[^/?#]*/.exec(text)?.[0] ?? "";
  return !firstSegment.includes(":");
}

const varSpec =
  "(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*(?::[1-9][0-9]{0,3}|\\*)?";
const expressionPattern = new RegExp(`^[+#./;?&=,!@|]?${varSpec}(?:,${varSpec})*$`);
const forbiddenInLiterals = new Set([..."\"'<>\\^`{|}"]);

/** Literals: any character but controls, space and a few delimiters; "%" only as a percent-encoding. */
function isLiteral(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char.charCodeAt(0) <= 0x20 || forbiddenInLiterals.has(char)) return false;
    if (char === "%" && !/^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) return false;
  }
  return true;
}

export function isUriTemplate(text: string): boolean {
  let rest = text;
  while (rest.length > 0) {
    const open = rest.indexOf("{");
    const literal = open < 0 ? rest : rest.slice(0, open);
    if (!isLiteral(literal)) return false;
    if (open < 0) return true;
    const close = rest.indexOf("}", open);
    if (close < 0 || !expressionPattern.test(rest.slice(open + 1, close))) return false;
    rest = rest.slice(close + 1);
  }
  return true;
}
