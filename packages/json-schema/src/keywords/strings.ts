/** Keywords for strings: maxLength, minLength (in code points), pattern, format. */
import { formatChecks } from "../formats/index.js";
import { type Check, issue } from "../internal.js";
import { nonNegativeInteger, regex, type SchemaSite } from "../site.js";

/** Length in Unicode code points: a surrogate pair is one character. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 === text.length) count++;
    else {
      const next = text.charCodeAt(i + 1);
      count++;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

export function compileStringKeywords(site: SchemaSite, checks: Check[]): void {
  if (site.validation) lengthAndPatternChecks(site, checks);
  formatCheck(site, checks);
}

function lengthAndPatternChecks(site: SchemaSite, checks: Check[]): void {
  const max = nonNegativeInteger(site, "maxLength");
  if (max !== undefined) {
    const path = site.path("maxLength");
    const message = `must NOT have more than ${max} characters`;
    // A string's UTF-16 length is at least its code point count, so short ones need no counting.
    checks.push((value) =>
      typeof value !== "string" || value.length <= max || codePoints(value) <= max
        ? undefined
        : issue("maxLength", path, message),
    );
  }
  const min = nonNegativeInteger(site, "minLength");
  if (min !== undefined) {
    const path = site.path("minLength");
    const message = `must NOT have fewer than ${min} characters`;
    checks.push((value) =>
      typeof value !== "string" || (value.length >= min && codePoints(value) >= min)
        ? undefined
        : issue("minLength", path, message),
    );
  }
  if (site.schema.pattern !== undefined) {
    const pattern = regex(site, "pattern", site.schema.pattern);
    const path = site.path("pattern");
    const message = `must match pattern "${site.schema.pattern}"`;
    checks.push((value) =>
      typeof value !== "string" || pattern.test(value) ? undefined : issue("pattern", path, message),
    );
  }
}

function formatCheck(site: SchemaSite, checks: Check[]): void {
  const format = site.schema.format;
  if (format !== undefined && typeof format !== "string") site.fail("format", "must be a string");
  const test = site.assertFormats && typeof format === "string" ? formatChecks.get(format) : undefined;
  if (test) {
    const path = site.path("format");
    const message = `must match format "${format}"`;
    checks.push((value) =>
      typeof value !== "string" || test(value) ? undefined : issue("format", path, message),
    );
  }
}
