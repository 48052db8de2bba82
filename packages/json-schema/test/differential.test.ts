/**
 * Differential test: our verdict (valid or not) must match ajv's on a hand-written corpus and on
 * seeded random schemas × values. ajv is a devDependency of this package only.
 *
 * Where ajv departs from the specification, the generated corpus steers clear of it, or the
 * disagreement is recognised by `ajvDeviations` below; each has a minimal case in the last test
 * showing ajv's verdict and the specification's (ours):
 * - multipleOf: ajv divides in binary floating point, so 0.3 is not a multiple of 0.1 for it; we
 *   divide in decimal. Generated divisors are 2, 3, 1 and 0.5, where both agree.
 * - draft-07 `$ref` siblings: the specification says they are ignored; ajv applies them. Generated
 *   draft-07 schemas have nothing beside `$ref`.
 * - A failing `if` evaluates no items, but ajv counts the items it saw for `unevaluatedItems`.
 * - draft-07 array-form `items` holding a `$ref` to a `true` schema makes ajv skip `contains`.
 * - A `$ref` loop that never descends into the value: ajv recurses until the stack overflows
 *   (RangeError, when compiling or validating); we return a `$ref` issue. Skipped, not compared.
 * - ajv's generated code sometimes throws a TypeError ("Cannot set properties of undefined") on
 *   recursive schemas with unevaluatedProperties. Skipped, not compared.
 */
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileJsonSchema, type JsonSchema, type JsonSchemaIssue } from "../src/index.js";
import { corpus } from "./differential/corpus.js";
import { randomDocument, randomValue } from "./differential/generate.js";
import { Random } from "./differential/random.js";

const options = { strict: false, allErrors: false, validateFormats: false } as const;

function ajvFor(schema: JsonSchema): ValidateFunction {
  const legacy =
    typeof schema === "object" && typeof schema.$schema === "string" && schema.$schema.includes("draft-07");
  return (legacy ? new Ajv(options) : new Ajv2020(options)).compile(schema);
}

interface Mismatch {
  schema: JsonSchema;
  value: unknown;
  ours: JsonSchemaIssue | undefined;
  ajv: boolean;
}

/** The disagreements explained by a known ajv deviation (see above), by what each looks like. */
const ajvDeviations: Record<string, (mismatch: Mismatch) => boolean> = {
  "items evaluated by a failing if": ({ schema, ours, ajv }) =>
    ajv && ours?.keyword === "unevaluatedItems" && JSON.stringify(schema).includes('"if":'),
  "contains skipped beside items that $ref true": ({ schema, ours, ajv }) =>
    ajv && ours?.keyword === "contains" && JSON.stringify(schema).includes('"items":['),
};

interface Comparison {
  compared: number;
  skipped: number;
  mismatches: Mismatch[];
  explained: Record<string, number>;
}

function compare(schema: JsonSchema, values: readonly unknown[], into: Comparison): void {
  const ours = compileJsonSchema(schema);
  let theirs: ValidateFunction;
  try {
    theirs = ajvFor(schema);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    into.skipped += values.length;
    return;
  }
  for (const value of values) {
    let ajvVerdict: boolean;
    try {
      ajvVerdict = theirs(value) as boolean;
    } catch {
      // A RangeError from a $ref loop, or a TypeError from inside ajv's generated code.
      into.skipped++;
      continue;
    }
    const found = ours(value);
    into.compared++;
    if ((found === undefined) === ajvVerdict) continue;
    const mismatch = { schema, value, ours: found, ajv: ajvVerdict };
    const known = Object.keys(ajvDeviations).find((name) => ajvDeviations[name]?.(mismatch));
    if (known) into.explained[known] = (into.explained[known] ?? 0) + 1;
    else into.mismatches.push(mismatch);
  }
}

describe("differential against ajv", () => {
  it("agrees on the hand-written corpus", () => {
    const result: Comparison = { compared: 0, skipped: 0, mismatches: [], explained: {} };
    for (const entry of corpus) compare(entry.schema as JsonSchema, entry.values, result);
    expect(result.mismatches).toEqual([]);
    expect(result.explained).toEqual({});
    expect(result.skipped).toBe(0);
    expect(result.compared).toBeGreaterThan(300);
  });

  it.each([
    ["2020-12", false, 0x5eed],
    ["draft-07", true, 0xd7],
  ])(
    "agrees on 600 random %s schemas × 30 random values",
    (_dialect, draft07, seed) => {
      const random = new Random(seed);
      const result: Comparison = { compared: 0, skipped: 0, mismatches: [], explained: {} };
      let invalidVerdicts = 0;
      for (let i = 0; i < 600; i++) {
        const schema = randomDocument(random, draft07);
        const values = Array.from({ length: 30 }, () => randomValue(random));
        compare(schema, values, result);
        const validate = compileJsonSchema(schema);
        invalidVerdicts += values.filter((value) => validate(value) !== undefined).length;
      }
      expect(result.mismatches.slice(0, 3)).toEqual([]);
      expect(result.mismatches.length).toBe(0);
      // What the known deviations account for, and what was skipped, stays small.
      expect(Object.values(result.explained).reduce((sum, count) => sum + count, 0)).toBeLessThan(30);
      expect(result.skipped).toBeLessThan(600);
      expect(result.compared + result.skipped).toBe(600 * 30);
      // Both verdicts occur often, so agreement means something.
      expect(invalidVerdicts).toBeGreaterThan(600 * 30 * 0.2);
      expect(invalidVerdicts).toBeLessThan(600 * 30 * 0.9);
    },
    60_000,
  );

  it("each known ajv deviation, on a minimal case: ajv's verdict, then ours (the specification's)", () => {
    const verdicts = (schema: JsonSchema, value: unknown) => [
      ajvFor(schema)(value),
      compileJsonSchema(schema)(value) === undefined,
    ];
    const draft07 = "http://json-schema.org/draft-07/schema#";
    expect(verdicts({ multipleOf: 0.1 }, 0.3)).toEqual([false, true]);
    const refSiblings = {
      $schema: draft07,
      definitions: { n: { type: "integer" } },
      $ref: "#/definitions/n",
      maximum: 0,
    };
    expect(verdicts(refSiblings, 5)).toEqual([false, true]);
    const failingIf = {
      if: { prefixItems: [{ const: 1 }] },
      then: { prefixItems: [true, true] },
      unevaluatedItems: false,
    };
    expect(verdicts(failingIf, [2])).toEqual([true, false]);
    const itemsRefTrue = {
      $schema: draft07,
      definitions: { t: true },
      contains: { type: "object" },
      items: [{ $ref: "#/definitions/t" }],
    };
    expect(verdicts(itemsRefTrue, [])).toEqual([true, false]);
  });
});
