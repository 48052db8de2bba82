/** Host names: `hostname` (RFC 1123, with A-labels checked as IDNA2008 asks) and `idn-hostname` (RFC 5890). */
import { bidiRuleHoldsForName, isULabel } from "./idna.js";
import { punycodeDecode, punycodeEncode } from "./punycode.js";

/** Whether text is all ASCII (no code unit above 0x7f). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const ldhLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An ASCII label: LDH, and when it says "xn--", an A-label that decodes to a valid U-label; undefined when invalid, else its Unicode form. */
function asciiLabel(label: string): string | undefined {
  if (!ldhLabel.test(label)) return undefined;
  if (label.slice(0, 4).toLowerCase() !== "xn--") return label;
  const unicode = punycodeDecode(label.slice(4));
  // An A-label must decode to non-ASCII text that encodes back to exactly it.
  if (unicode === undefined || isAscii(unicode)) return undefined;
  if (punycodeEncode(unicode) !== label.slice(4).toLowerCase()) return undefined;
  return isULabel(unicode) ? unicode : undefined;
}

/** Whether every label is valid and the name's ASCII form is at most 253 characters. */
function checkLabels(labels: readonly string[], allowUnicode: boolean): boolean {
  let length = labels.length - 1;
  let international = false;
  const unicode: string[] = [];
  for (const label of labels) {
    if (label === "") return false;
    if (isAscii(label)) {
      const text = asciiLabel(label);
      if (text === undefined) return false;
      if (text !== label) international = true;
      unicode.push(text);
      length += label.length;
    } else {
      // Every code point takes at least one character of the A-label: a longer label cannot fit
      // in 63, and is refused before encoding it (which is quadratic in the label's length).
      if (!allowUnicode || label.length > 126 || !isULabel(label)) return false;
      const encoded = `xn--${punycodeEncode(label)}`;
      if (encoded.length > 63) return false;
      unicode.push(label);
      international = true;
      length += encoded.length;
    }
  }
  // An all-ASCII name has no right-to-left label, so the Bidi rule has nothing to check.
  return length <= 253 && (!international || bidiRuleHoldsForName(unicode));
}

/** A name of LDH labels only: the common case, checked by one regular expression. */
const plainName =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const aLabel = /(?:^|\.)xn--/i;

export function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  if (!aLabel.test(text)) return plainName.test(text);
  return checkLabels(text.split("."), false);
}

/** Label separators of IDNA: full stop, ideographic, fullwidth and halfwidth ideographic full stops. */
const separators = /[.\u3002\uff0e\uff61]/;

export function isIdnHostname(text: string): boolean {
  // At most 253 code points (two UTF-16 units each at most) fit in a 253-character ASCII form.
  if (text.length === 0 || text.length > 506) return false;
  return checkLabels(text.split(separators), true);
}
