/** Keywords for any value: type, enum, const. */
import { jsonEqual } from "../equal.js";
import { type Check, isObject, issue } from "../internal.js";
import type { SchemaSite } from "../site.js";

const typeTests: Record<string, (value: unknown) => boolean> = {
  null: (value) => value === null,
  boolean: (value) => typeof value === "boolean",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  string: (value) => typeof value === "string",
  array: (value) => Array.isArray(value),
  object: isObject,
};

function typeCheck(site: SchemaSite): Check | undefined {
  const type = site.schema.type;
  if (type === undefined) return undefined;
  const names = Array.isArray(type) ? type : [type];
  const tests = names.map((name) => {
    const test = typeof name === "string" ? typeTests[name] : undefined;
    if (!test)
      site.fail(
        "type",
        `must be one of ${Object.keys(typeTests).join(", ")} or an array of them (got ${JSON.stringify(name)})`,
      );
    return test;
  });
  const path = site.path("type");
  const message = `must be ${names.join(",")}`;
  if (tests.length === 1) {
    const test = tests[0] as (value: unknown) => boolean;
    return (value) => (test(value) ? undefined : issue("type", path, message));
  }
  return (value) => (tests.some((test) => test(value)) ? undefined : issue("type", path, message));
}

function enumCheck(site: SchemaSite): Check | undefined {
  const allowed = site.schema.enum;
  if (allowed === undefined) return undefined;
  if (!Array.isArray(allowed)) site.fail("enum", "must be an array");
  const path = site.path("enum");
  const scalars = new Set(allowed.filter((item) => typeof item !== "object" || item === null));
  const structured = allowed.filter((item) => typeof item === "object" && item !== null);
  return (value) => {
    if (typeof value !== "object" || value === null) {
      if (scalars.has(value)) return undefined;
    } else if (structured.some((item) => jsonEqual(item, value))) {
      return undefined;
    }
    return issue("enum", path, "must be equal to one of the allowed values");
  };
}

function constCheck(site: SchemaSite): Check | undefined {
  if (!("const" in site.schema)) return undefined;
  const expected = site.schema.const;
  const path = site.path("const");
  return (value) =>
    jsonEqual(expected, value) ? undefined : issue("const", path, "must be equal to constant");
}

export function compileGenericKeywords(site: SchemaSite, checks: Check[]): void {
  if (!site.validation) return;
  for (const check of [typeCheck(site), enumCheck(site), constCheck(site)]) if (check) checks.push(check);
}
