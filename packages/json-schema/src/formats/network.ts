/** IP addresses (RFC 2673 dotted quad, RFC 4291 IPv6) and email addresses (RFC 5321, RFC 6531). */
import { isHostname, isIdnHostname } from "./hostnames.js";

const octetPattern = /^(?:0|[1-9][0-9]{0,2})$/;

export function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((part) => octetPattern.test(part) && Number(part) <= 255);
}

const hexGroupPattern = /^[0-9A-Fa-f]{1,4}$/;

export function isIpv6(text: string): boolean {
  let groups = 8;
  let body = text;
  // A trailing dotted quad stands for the last two groups.
  const lastColon = body.lastIndexOf(":");
  if (lastColon >= 0 && body.slice(lastColon + 1).includes(".")) {
    if (!isIpv4(body.slice(lastColon + 1))) return false;
    body = `${body.slice(0, lastColon + 1)}0`;
    groups = 7;
  }
  const halves = body.split("::");
  if (halves.length > 2) return false;
  const parse = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  if (![...head, ...tail].every((group) => hexGroupPattern.test(group))) return false;
  const count = head.length + tail.length;
  return halves.length === 2 ? count < groups : count === groups;
}

const atomPattern = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const quotedPattern = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;

function isAddressLiteral(domain: string): boolean {
  const literal = domain.slice(1, -1);
  return /^ipv6:/i.test(literal) ? isIpv6(literal.slice(5)) : isIpv4(literal);
}

export function isEmail(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!atomPattern.test(local) && !quotedPattern.test(local)) return false;
  if (domain.startsWith("[") && domain.endsWith("]")) return isAddressLiteral(domain);
  return isHostname(domain);
}

// RFC 6531: the local part may also hold any non-ASCII character, as an atom or quoted.
const idnAtomPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10ffff}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10ffff}-]+)*$/u;
const idnQuotedPattern = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u0080-\u{10ffff}]|\\[\x20-\x7e])*"$/u;

export function isIdnEmail(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!idnAtomPattern.test(local) && !idnQuotedPattern.test(local)) return false;
  if (domain.startsWith("[") && domain.endsWith("]")) return isAddressLiteral(domain);
  // Mail software normalizes a domain before looking it up, so any Unicode form of it is accepted.
  return isIdnHostname(domain.normalize("NFC"));
}
