import { describe, expect, it } from "vitest";
import { compileJsonSchema } from "../src/index.js";
import { valid, validate } from "./helpers.js";

const address = {
  $id: "https://example.com/address.json",
  type: "object",
  properties: { city: { type: "string" }, zip: { $ref: "#/$defs/zip" } },
  required: ["city"],
  $defs: { zip: { type: "string", pattern: "^[0-9]{5}$" } },
};

describe("documents: other schemas by URI, never fetched", () => {
  const documents = { "https://example.com/address.json": address };

  it("resolves a $ref to a registered document, and into it by pointer", () => {
    const schema = { properties: { home: { $ref: "https://example.com/address.json" } } };
    expect(valid(schema, { home: { city: "Oslo", zip: "01234" } }, { documents })).toBe(true);
    expect(validate(schema, { home: { zip: "01234" } }, { documents })).toEqual({
      pointer: "/home/city",
      keyword: "required",
      schemaPath: "#/required",
      message: "is required",
    });
    const zip = { $ref: "https://example.com/address.json#/$defs/zip" };
    expect(validate(zip, "1234", { documents })).toMatchObject({ keyword: "pattern" });
  });

  it("resolves relative references against the referencing schema's $id", () => {
    const schema = { $id: "https://example.com/order.json", properties: { to: { $ref: "address.json" } } };
    expect(valid(schema, { to: { city: "Oslo" } }, { documents })).toBe(true);
    expect(valid(schema, { to: {} }, { documents })).toBe(false);
  });

  it("keeps failing for a document that was not given", () => {
    expect(() => compileJsonSchema({ $ref: "https://example.com/other.json" }, { documents })).toThrow(
      'invalid JSON Schema at #/$ref: cannot resolve "https://example.com/other.json": no schema in this document has that $id (other documents are not fetched)',
    );
  });

  it("reads a document in its own dialect (a draft-07 document from a 2020-12 schema)", () => {
    const legacy = {
      $schema: "http://json-schema.org/draft-07/schema#",
      items: [{ type: "string" }],
      additionalItems: false,
    };
    const schema = { $ref: "https://example.com/pair.json" };
    const options = { documents: { "https://example.com/pair.json": legacy } };
    expect(valid(schema, ["a"], options)).toBe(true);
    expect(valid(schema, ["a", "b"], options)).toBe(false);
  });
});

describe("the standard meta-schemas are built in", () => {
  it("2020-12: a $ref to the meta-schema validates schemas", () => {
    const meta = { $ref: "https://json-schema.org/draft/2020-12/schema" };
    expect(valid(meta, { type: "string", minLength: 1 })).toBe(true);
    expect(validate(meta, { minLength: -1 })).toMatchObject({ pointer: "/minLength", keyword: "minimum" });
    expect(valid(meta, { properties: { a: { type: "nonsense" } } })).toBe(false);
  });

  it("draft-07: a $ref to the meta-schema validates schemas", () => {
    const meta = { $ref: "http://json-schema.org/draft-07/schema#" };
    expect(valid(meta, { items: [{ type: "string" }], additionalItems: false })).toBe(true);
    expect(validate(meta, { required: "a" })).toMatchObject({ pointer: "/required", keyword: "type" });
  });

  it("a vocabulary meta-schema on its own", () => {
    const validation = { $ref: "https://json-schema.org/draft/2020-12/meta/validation" };
    expect(valid(validation, { maxItems: 2 })).toBe(true);
    expect(valid(validation, { maxItems: 2.5 })).toBe(false);
  });
});

describe("dependencies", () => {
  const schema = { dependencies: { bar: ["foo"], baz: { required: ["qux"] } } };

  it("is honoured in 2020-12 as the official suite expects (its meta-schema still defines it)", () => {
    expect(validate(schema, { bar: 1 })).toEqual({
      pointer: "/foo",
      keyword: "dependencies",
      schemaPath: "#/dependencies/bar",
      message: "is required when bar is present",
    });
    expect(valid(schema, { bar: 1, foo: 2 })).toBe(true);
    expect(validate(schema, { baz: 1 })).toMatchObject({
      pointer: "/qux",
      schemaPath: "#/dependencies/baz/required",
    });
  });

  it("is honoured in draft-07", () => {
    expect(valid(schema, { bar: 1 }, { dialect: "draft-07" })).toBe(false);
    expect(valid(schema, { baz: 1, qux: 0 }, { dialect: "draft-07" })).toBe(true);
  });
});

describe("custom meta-schemas and their vocabularies", () => {
  const noValidation = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://example.com/meta/no-validation",
    $vocabulary: {
      "https://json-schema.org/draft/2020-12/vocab/core": true,
      "https://json-schema.org/draft/2020-12/vocab/applicator": true,
    },
  };
  const documents = { "https://example.com/meta/no-validation": noValidation };

  it("without the validation vocabulary, its keywords are ignored and applicators still apply", () => {
    const schema = {
      $schema: "https://example.com/meta/no-validation",
      properties: { n: { minimum: 10 }, never: false },
    };
    expect(valid(schema, { n: 1 }, { documents })).toBe(true);
    expect(valid(schema, { never: 1 }, { documents })).toBe(false);
  });

  it("a required vocabulary we do not know is a compile error", () => {
    const meta = {
      $id: "https://example.com/meta/custom",
      $vocabulary: { "https://example.com/vocab/custom": true },
    };
    expect(() =>
      compileJsonSchema(
        { $schema: "https://example.com/meta/custom" },
        { documents: { "https://example.com/meta/custom": meta } },
      ),
    ).toThrow(
      'invalid JSON Schema at #/$schema: its meta-schema requires the vocabulary "https://example.com/vocab/custom", which is not supported',
    );
  });
});
