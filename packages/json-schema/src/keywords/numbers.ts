/** Keywords for numbers: multipleOf and the four bounds. */
import { type Check, issue } from "../internal.js";
import { finiteNumber, type SchemaSite } from "../site.js";

/** Digits after the decimal point of a finite number, as JavaScript prints it. */
function decimals(value: number): number {
  const text = String(value);
  const exponent = text.indexOf("e-");
  if (exponent >= 0) {
    const dot = text.indexOf(".");
    return Number(text.slice(exponent + 2)) + (dot >= 0 && dot < exponent ? exponent - dot - 1 : 0);
  }
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Whether `value` is a multiple of `divisor` in decimal arithmetic, so 0.3 is a multiple of 0.1
 * even though 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  if (Number.isInteger(quotient)) return true;
  // The quotient overflowed (1e308 / 0.5): the floating-point remainder is exact, so ask it.
  if (!Number.isFinite(quotient)) return Number.isFinite(value) && value % divisor === 0;
  const places = Math.max(decimals(value), decimals(divisor));
  if (places === 0 || places > 20) return false;
  const scale = 10 ** places;
  const scaledValue = Math.round(value * scale);
  const scaledDivisor = Math.round(divisor * scale);
  if (!Number.isSafeInteger(scaledValue) || !Number.isSafeInteger(scaledDivisor)) return false;
  return scaledValue % scaledDivisor === 0;
}

type Comparison = (value: number, limit: number) => boolean;

function bound(site: SchemaSite, keyword: string, limit: number | undefined, ok: Comparison, sign: string) {
  if (limit === undefined) return undefined;
  const path = site.path(keyword);
  const message = `must be ${sign} ${limit}`;
  return (value: unknown) =>
    typeof value !== "number" || ok(value, limit) ? undefined : issue(keyword, path, message);
}

/** draft-04 wrote exclusive bounds as booleans beside maximum/minimum; later drafts as numbers. */
function legacyExclusive(site: SchemaSite, keyword: string): boolean {
  const value = site.schema[keyword];
  return site.dialect === "draft-07" && typeof value === "boolean" ? value : false;
}

export function compileNumberKeywords(site: SchemaSite, checks: Check[]): void {
  if (!site.validation) return;
  const divisor = finiteNumber(site, "multipleOf");
  if (divisor !== undefined) {
    if (divisor <= 0) site.fail("multipleOf", "must be greater than 0");
    const path = site.path("multipleOf");
    checks.push((value) =>
      typeof value !== "number" || isMultipleOf(value, divisor)
        ? undefined
        : issue("multipleOf", path, `must be multiple of ${divisor}`),
    );
  }
  const exclusiveMax = legacyExclusive(site, "exclusiveMaximum");
  const exclusiveMin = legacyExclusive(site, "exclusiveMinimum");
  const bounds = [
    exclusiveMax
      ? bound(site, "maximum", finiteNumber(site, "maximum"), (v, l) => v < l, "<")
      : bound(site, "maximum", finiteNumber(site, "maximum"), (v, l) => v <= l, "<="),
    exclusiveMin
      ? bound(site, "minimum", finiteNumber(site, "minimum"), (v, l) => v > l, ">")
      : bound(site, "minimum", finiteNumber(site, "minimum"), (v, l) => v >= l, ">="),
    exclusiveMax || (site.dialect === "draft-07" && site.schema.exclusiveMaximum === false)
      ? undefined
      : bound(site, "exclusiveMaximum", finiteNumber(site, "exclusiveMaximum"), (v, l) => v < l, "<"),
    exclusiveMin || (site.dialect === "draft-07" && site.schema.exclusiveMinimum === false)
      ? undefined
      : bound(site, "exclusiveMinimum", finiteNumber(site, "exclusiveMinimum"), (v, l) => v > l, ">"),
  ];
  for (const check of bounds) if (check) checks.push(check);
}
