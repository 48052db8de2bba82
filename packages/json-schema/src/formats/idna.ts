/**
 * IDNA2008 label rules (RFC 5891, 5892, 5893) for the `idn-hostname` and `hostname` formats.
 * Each code point's IDNA property is derived as RFC 5892 section 3 says, from the Unicode
 * properties JavaScript's regular expressions know (the engine's Unicode version). Two inputs
 * JavaScript has no property for are approximated: full case folding (by lower-casing) and the
 * Joining_Type and Bidi_Class of letters (by script); both are exact for the common scripts.
 */

type IdnaProperty = "PVALID" | "CONTEXTJ" | "CONTEXTO" | "DISALLOWED";

/**
 * A Unicode-property pattern, compiled on first use. V8 expands every `\p{…}` class when it
 * parses a regular-expression literal, which made importing the package several milliseconds
 * slower although most programs never check an IDN.
 */
function unicodePattern(source: string): { test(text: string): boolean } {
  let compiled: RegExp | undefined;
  return {
    test(text) {
      compiled ??= new RegExp(source, "u");
      return compiled.test(text);
    },
  };
}

const letter = unicodePattern(String.raw`^\p{L}$`);
const nonspacingMark = unicodePattern(String.raw`^[\p{Mn}\p{Me}]$`);
const format = unicodePattern(String.raw`^\p{Cf}$`);
const punctuationOrSpace = unicodePattern(String.raw`^[\p{P}\p{Zs}]$`);
const letterOrNumber = unicodePattern(String.raw`^[\p{L}\p{N}]$`);
const leftToRight = unicodePattern(String.raw`^[\p{L}\p{Mc}\p{N}]$`);

/** RFC 5892 section 2.6: code points whose property is fixed by hand. */
const exceptions = new Map<number, IdnaProperty>([
  ...[0xdf, 0x3c2, 0x6fd, 0x6fe, 0xf0b, 0x3007].map((code): [number, IdnaProperty] => [code, "PVALID"]),
  ...[0xb7, 0x375, 0x5f3, 0x5f4, 0x30fb].map((code): [number, IdnaProperty] => [code, "CONTEXTO"]),
  ...[0x640, 0x7fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b].map(
    (code): [number, IdnaProperty] => [code, "DISALLOWED"],
  ),
]);

const unassigned = unicodePattern(String.raw`^\p{Cn}$`);
const noncharacter = unicodePattern(String.raw`^\p{Noncharacter_Code_Point}$`);
const ignorable = unicodePattern(
  String.raw`^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$`,
);
const letterOrDigit = unicodePattern(String.raw`^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$`);
const combiningMark = unicodePattern(String.raw`^\p{M}$`);

function inRanges(code: number, ranges: readonly [number, number][]): boolean {
  return ranges.some(([from, to]) => code >= from && code <= to);
}

/** Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation. */
const ignorableBlocks: [number, number][] = [
  [0x20d0, 0x20ff],
  [0x1d100, 0x1d1ff],
  [0x1d200, 0x1d24f],
];
/** Hangul_Syllable_Type L, V and T (conjoining jamo). */
const oldHangulJamo: [number, number][] = [
  [0x1100, 0x11ff],
  [0xa960, 0xa97c],
  [0xd7b0, 0xd7c6],
  [0xd7cb, 0xd7fb],
];

/** RFC 5892 section 3: the derived property of one code point. */
function idnaProperty(char: string): IdnaProperty {
  const code = char.codePointAt(0) as number;
  const fixed = exceptions.get(code);
  if (fixed) return fixed;
  if ((code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9)) return "CONTEXTO";
  if (unassigned.test(char) && !noncharacter.test(char)) return "DISALLOWED";
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d) return "PVALID";
  if (code === 0x200c || code === 0x200d) return "CONTEXTJ";
  // Unstable: not its own NFKC case-folded form.
  const nfkc = char.normalize("NFKC");
  if (nfkc.toLowerCase().normalize("NFKC") !== char) return "DISALLOWED";
  if (ignorable.test(char)) return "DISALLOWED";
  if (inRanges(code, ignorableBlocks) || inRanges(code, oldHangulJamo)) return "DISALLOWED";
  return letterOrDigit.test(char) ? "PVALID" : "DISALLOWED";
}

/**
 * Whether a mark has canonical combining class 9 (virama), read from how NFD reorders it next to
 * marks of known classes, DEVANAGARI SIGN NUKTA (7) and VIRAMA (9): NFD swaps two adjacent marks
 * when the first has the higher non-zero class.
 */
function isVirama(char: string | undefined): boolean {
  if (char === undefined || !combiningMark.test(char)) return false;
  const kept = (first: string, second: string) =>
    `a${first}${second}`.normalize("NFD") === `a${first}${second}`;
  const virama = "\u094d";
  const nukta = "\u093c";
  // Not moved after a virama (class 0 or >= 9), nor before one (<= 9), but moved before a nukta (> 7).
  return kept(virama, char) && kept(char, virama) && !kept(char, nukta);
}

const joiningScripts = unicodePattern(
  String.raw`^[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Mandaic}\p{sc=Adlam}\p{sc=Hanifi_Rohingya}\p{sc=Manichaean}\p{sc=Psalter_Pahlavi}\p{sc=Sogdian}\p{sc=Phags_Pa}]$`,
);
/** Letters of those scripts that join only on their right (Joining_Type R) or not at all (U). */
const rightJoining: [number, number][] = [
  [0x622, 0x625],
  [0x627, 0x627],
  [0x629, 0x629],
  [0x62f, 0x632],
  [0x648, 0x648],
  [0x671, 0x673],
  [0x675, 0x677],
  [0x688, 0x699],
  [0x6c0, 0x6c0],
  [0x6c3, 0x6cb],
  [0x6cd, 0x6cd],
  [0x6cf, 0x6cf],
  [0x6d2, 0x6d3],
  [0x6d5, 0x6d5],
  [0x6ee, 0x6ef],
  [0x710, 0x710],
  [0x715, 0x719],
  [0x71e, 0x71e],
  [0x728, 0x728],
  [0x72a, 0x72a],
  [0x72c, 0x72c],
  [0x72f, 0x72f],
  [0x74d, 0x74d],
];
const nonJoining = new Set([0x621, 0x674]);
const transparent = unicodePattern(String.raw`^[\p{Mn}\p{Me}\p{Cf}]$`);

type Joining = "D" | "R" | "T" | "U";

function joiningType(char: string): Joining {
  const code = char.codePointAt(0) as number;
  if (code !== 0x200c && code !== 0x200d && transparent.test(char)) return "T";
  if (!joiningScripts.test(char) || !letter.test(char) || nonJoining.has(code)) return "U";
  return inRanges(code, rightJoining) ? "R" : "D";
}

/** RFC 5892 appendix A.1: ZWNJ after a virama, or between joining letters. */
function zwnjAllowed(chars: readonly string[], at: number): boolean {
  if (isVirama(chars[at - 1])) return true;
  let before = at - 1;
  while (before >= 0 && joiningType(chars[before] as string) === "T") before--;
  let after = at + 1;
  while (after < chars.length && joiningType(chars[after] as string) === "T") after++;
  if (before < 0 || after >= chars.length) return false;
  const left = joiningType(chars[before] as string);
  const right = joiningType(chars[after] as string);
  return left === "D" && (right === "D" || right === "R");
}

const greek = unicodePattern(String.raw`^\p{sc=Greek}$`);
const hebrew = unicodePattern(String.raw`^\p{sc=Hebrew}$`);
const japanese = unicodePattern(String.raw`^[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}]$`);

/** RFC 5892 appendix A: whether the CONTEXTJ or CONTEXTO code point at `at` is allowed where it is. */
function contextAllows(chars: readonly string[], at: number): boolean {
  const code = (chars[at] as string).codePointAt(0) as number;
  switch (code) {
    case 0x200c:
      return zwnjAllowed(chars, at);
    case 0x200d:
      return isVirama(chars[at - 1]);
    case 0xb7:
      return chars[at - 1] === "l" && chars[at + 1] === "l";
    case 0x375:
      return chars[at + 1] !== undefined && greek.test(chars[at + 1] as string);
    case 0x5f3:
    case 0x5f4:
      return chars[at - 1] !== undefined && hebrew.test(chars[at - 1] as string);
    case 0x30fb:
      return chars.some((char) => char !== "\u30fb" && japanese.test(char));
  }
  if (code >= 0x660 && code <= 0x669) return !chars.some((char) => char >= "\u06f0" && char <= "\u06f9");
  if (code >= 0x6f0 && code <= 0x6f9) return !chars.some((char) => char >= "\u0660" && char <= "\u0669");
  return false;
}

/** RFC 5891 section 4.2: whether a Unicode label (already split, non-empty) is a valid U-label. */
export function isULabel(label: string): boolean {
  if (label.normalize("NFC") !== label) return false;
  if (label.startsWith("-") || label.endsWith("-") || label.slice(2, 4) === "--") return false;
  const chars = Array.from(label);
  if (combiningMark.test(chars[0] as string)) return false;
  for (let i = 0; i < chars.length; i++) {
    const property = idnaProperty(chars[i] as string);
    if (property === "DISALLOWED") return false;
    if (property !== "PVALID" && !contextAllows(chars, i)) return false;
  }
  return true;
}

type BidiClass = "L" | "R" | "AL" | "AN" | "EN" | "ES" | "CS" | "ET" | "ON" | "BN" | "NSM";

const rightToLeftScripts = unicodePattern(
  String.raw`^[\p{sc=Hebrew}\p{sc=Samaritan}\p{sc=Nko}\p{sc=Mende_Kikakui}\p{sc=Adlam}\p{sc=Phoenician}\p{sc=Kharoshthi}\p{sc=Imperial_Aramaic}\p{sc=Old_South_Arabian}\p{sc=Avestan}\p{sc=Lydian}\p{sc=Cypriot}]$`,
);
const arabicLetterScripts = unicodePattern(
  String.raw`^[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Hanifi_Rohingya}\p{sc=Sogdian}\p{sc=Mandaic}]$`,
);
const arabicNumbers: [number, number][] = [
  [0x600, 0x605],
  [0x660, 0x669],
  [0x66b, 0x66c],
  [0x6dd, 0x6dd],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x10d30, 0x10d39],
  [0x10e60, 0x10e7e],
];
const europeanNumbers: [number, number][] = [
  [0x30, 0x39],
  [0xb2, 0xb3],
  [0xb9, 0xb9],
  [0x6f0, 0x6f9],
  [0x2070, 0x2079],
  [0x2080, 0x2089],
];

/** The Bidi_Class of a code point, approximated by script and general category (see the file comment). */
function bidiClass(char: string): BidiClass {
  const code = char.codePointAt(0) as number;
  if (inRanges(code, europeanNumbers)) return "EN";
  if (inRanges(code, arabicNumbers)) return "AN";
  if (nonspacingMark.test(char)) return "NSM";
  if (format.test(char)) return "BN";
  if (code === 0x2b || code === 0x2d) return "ES";
  if (code === 0x2c || code === 0x2e || code === 0x2f || code === 0x3a || code === 0xa0) return "CS";
  if (arabicLetterScripts.test(char) && !punctuationOrSpace.test(char)) return "AL";
  if (rightToLeftScripts.test(char) && letterOrNumber.test(char)) return "R";
  if (leftToRight.test(char)) return "L";
  return /^[#$%\u00a2-\u00a5\u00b0\u00b1\u2030-\u2034]$/u.test(char) ? "ET" : "ON";
}

/** Whether a label holds right-to-left characters (R, AL or AN), which makes its name a "Bidi domain name". */
function isRightToLeft(label: string): boolean {
  return Array.from(label).some((char) => {
    const bidi = bidiClass(char);
    return bidi === "R" || bidi === "AL" || bidi === "AN";
  });
}

/** RFC 5893 section 2: the Bidi rule for one label of a Bidi domain name. */
function bidiRuleHolds(label: string): boolean {
  const classes = Array.from(label, bidiClass);
  const first = classes[0];
  let last = classes.length - 1;
  while (last > 0 && classes[last] === "NSM") last--;
  const end = classes[last];
  if (first === "R" || first === "AL") {
    const allowed = new Set(["R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]);
    if (!classes.every((bidi) => allowed.has(bidi))) return false;
    if (end !== "R" && end !== "AL" && end !== "EN" && end !== "AN") return false;
    return !(classes.includes("EN") && classes.includes("AN"));
  }
  if (first !== "L") return false;
  const allowed = new Set(["L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]);
  return classes.every((bidi) => allowed.has(bidi)) && (end === "L" || end === "EN");
}

/** The Bidi rule over a whole name (its labels in Unicode form): it applies only when one label is right-to-left. */
export function bidiRuleHoldsForName(labels: readonly string[]): boolean {
  return !labels.some(isRightToLeft) || labels.every(bidiRuleHolds);
}
