import { describe, expect, it } from "vitest";
import { compileJsonSchema, type JsonSchema } from "../src/index.js";

function compileError(schema: unknown): string {
  try {
    compileJsonSchema(schema as JsonSchema);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error("compiled without an error");
}

describe("malformed schemas", () => {
  it.each([
    [null, "invalid JSON Schema at #: a schema must be an object or a boolean (got null)"],
    [[], "invalid JSON Schema at #: a schema must be an object or a boolean (got [])"],
    [
      { type: "nonsense" },
      'invalid JSON Schema at #/type: type must be one of null, boolean, number, integer, string, array, object or an array of them (got "nonsense")',
    ],
    [
      { properties: { a: { minLength: -1 } } },
      "invalid JSON Schema at #/properties/a/minLength: minLength must be a non-negative integer",
    ],
    [{ maximum: "3" }, "invalid JSON Schema at #/maximum: maximum must be a number"],
    [{ multipleOf: 0 }, "invalid JSON Schema at #/multipleOf: multipleOf must be greater than 0"],
    [{ required: "a" }, "invalid JSON Schema at #/required: required must be an array of strings"],
    [{ enum: 1 }, "invalid JSON Schema at #/enum: enum must be an array"],
    [{ allOf: [] }, "invalid JSON Schema at #/allOf: allOf must be a non-empty array of schemas"],
    [
      { properties: { a: 1 } },
      "invalid JSON Schema at #/properties/a: a schema must be an object or a boolean (got 1)",
    ],
    [
      { $defs: { x: { type: 7 } } },
      "invalid JSON Schema at #/$defs/x/type: type must be one of null, boolean, number, integer, string, array, object or an array of them (got 7)",
    ],
    [
      { $ref: "#/$defs/missing" },
      'invalid JSON Schema at #/$ref: cannot resolve "#/$defs/missing": nothing at that pointer',
    ],
    [{ $ref: "#nope" }, 'invalid JSON Schema at #/$ref: cannot resolve "#nope": no such anchor'],
    [
      { $ref: "https://example.com/other.json" },
      'invalid JSON Schema at #/$ref: cannot resolve "https://example.com/other.json": no schema in this document has that $id (other documents are not fetched)',
    ],
    [
      { $ref: "https://json-schema.org/draft/2019-09/schema" },
      'invalid JSON Schema at #/$ref: "https://json-schema.org/draft/2019-09/schema" is a meta-schema that is not built in (only the draft-07 and 2020-12 ones are); give it in the documents option',
    ],
    [
      { $id: "https://x/#frag" },
      'invalid JSON Schema at #: $id must not have a fragment (got "https://x/#frag")',
    ],
    [
      { $anchor: "1bad" },
      'invalid JSON Schema at #: $anchor must be a name of letters, digits, "-", "_" and "." (got "1bad")',
    ],
  ])("%j", (schema, message) => {
    expect(compileError(schema)).toBe(message);
  });

  it("names the bad regular expression", () => {
    expect(compileError({ pattern: "(" })).toMatch(
      /^invalid JSON Schema at #\/pattern: pattern "\(" is not a valid regular expression: /,
    );
    expect(compileError({ patternProperties: { "[": true } })).toMatch(
      /^invalid JSON Schema at #\/patternProperties: patternProperties "\[" is not a valid regular expression/,
    );
  });
});
