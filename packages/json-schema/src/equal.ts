/** JSON equality: numbers by value (1 equals 1.0), objects regardless of key order, arrays in order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** Mixes a 32-bit value (a multiply-xorshift step), so sums of mixed values rarely collide. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/** A per-process seed, so values that collide cannot be prepared in advance. */
const seed = (Math.random() * 0x100000000) | 0;

function stringHash(text: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * A hash that agrees with `jsonEqual`: equal JSON values hash alike (1 and 1.0, objects in any
 * key order), so values can be bucketed by hash and only compared within a bucket.
 */
export function jsonHash(value: unknown): number {
  switch (typeof value) {
    case "string":
      return stringHash(value);
    case "number":
      // 0 and -0 are equal JSON numbers.
      return value === 0 ? 0x9e3779b9 : stringHash(String(value)) ^ 0x5bd1e995;
    case "boolean":
      return value ? 0x27d4eb2f : 0x165667b1;
    case "object": {
      if (value === null) return 0x3c6ef372;
      if (Array.isArray(value)) {
        let h = 0x7f4a7c15 ^ value.length;
        for (const item of value) h = (Math.imul(h, 31) + mix(jsonHash(item))) | 0;
        return h;
      }
      // Key order does not matter: combine the entries with a commutative sum.
      let h = 0x2545f491;
      for (const key of Object.keys(value)) {
        h = (h + mix(stringHash(key) ^ mix(jsonHash((value as Record<string, unknown>)[key])))) | 0;
      }
      return h;
    }
    default:
      return 0;
  }
}
