/** Punycode (RFC 3492): the encoding of IDNA A-labels ("xn--…"), written from the RFC's algorithm. */

const base = 36;
const tMin = 1;
const tMax = 26;
const skew = 38;
const damp = 700;
const initialBias = 72;
const initialN = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / damp) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((base - tMin) * tMax) >> 1) {
    d = Math.floor(d / (base - tMin));
    k += base;
  }
  return k + Math.floor(((base - tMin + 1) * d) / (d + skew));
}

function threshold(k: number, bias: number): number {
  return k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
}

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 are 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return -1;
}

function digitChar(digit: number): string {
  return String.fromCharCode(digit < 26 ? 0x61 + digit : 0x30 + digit - 26);
}

/** The Unicode text of a Punycode string (without "xn--"), or undefined when it is not valid Punycode. */
export function punycodeDecode(input: string): string | undefined {
  const delimiter = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = initialN;
  let i = 0;
  let bias = initialBias;
  let at = delimiter > 0 ? delimiter + 1 : 0;
  while (at < input.length) {
    const oldI = i;
    let w = 1;
    for (let k = base; ; k += base) {
      if (at >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(at++));
      if (digit < 0) return undefined;
      i += digit * w;
      if (i > 0x7fffffff) return undefined;
      const t = threshold(k, bias);
      if (digit < t) break;
      w *= base - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/** The Punycode form of a Unicode string (without "xn--"). */
export function punycodeEncode(text: string): string {
  const points = Array.from(text, (char) => char.codePointAt(0) as number);
  let output = points
    .filter((code) => code < 0x80)
    .map((code) => String.fromCharCode(code))
    .join("");
  const basic = output.length;
  let handled = basic;
  if (basic > 0) output += "-";
  let n = initialN;
  let delta = 0;
  let bias = initialBias;
  while (handled < points.length) {
    let m = Number.POSITIVE_INFINITY;
    for (const code of points) if (code >= n && code < m) m = code;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const code of points) {
      if (code < n) delta++;
      if (code !== n) continue;
      let q = delta;
      for (let k = base; ; k += base) {
        const t = threshold(k, bias);
        if (q < t) break;
        output += digitChar(t + ((q - t) % (base - t)));
        q = Math.floor((q - t) / (base - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}
