import { describe, expect, it } from "vitest";
import {
  checkElicitContent,
  createAjvOutputValidator,
  createOutputValidator,
  withDefaults,
} from "../src/index.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 2, maxLength: 5 },
    email: { type: "string", format: "email" },
    age: { type: "integer", minimum: 0, maximum: 150, default: 30 },
    ok: { type: "boolean", default: false },
    color: {
      type: "string",
      oneOf: [
        { const: "red", title: "Red" },
        { const: "blue", title: "Blue" },
      ],
    },
    size: { type: "string", enum: ["s", "m"] },
    tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, maxItems: 2 },
  },
  required: ["name"],
};

describe("elicitation answers", () => {
  it("accepts a matching answer", () => {
    expect(
      checkElicitContent(schema, {
        name: "Ada",
        email: "a@b.c",
        age: 3,
        ok: true,
        color: "red",
        size: "m",
        tags: ["a"],
      }),
    ).toEqual({ ok: true });
  });

  it.each([
    [{}, "/name", "is required"],
    [{ name: "A" }, "/name", "at least 2"],
    [{ name: "Ada", email: "nope" }, "/email", "valid email"],
    [{ name: "Ada", age: 1.5 }, "/age", "integer"],
    [{ name: "Ada", age: 200 }, "/age", "<= 150"],
    [{ name: "Ada", ok: "yes" }, "/ok", "boolean"],
    [{ name: "Ada", color: "green" }, "/color", "one of"],
    [{ name: "Ada", tags: ["c"] }, "/tags", "not allowed"],
    [{ name: "Ada", tags: ["a", "b", "a"] }, "/tags", "at most 2"],
    [{ name: "Ada", extra: 1 }, "/extra", "not in requestedSchema"],
  ])("rejects %j at %s", (content, pointer, message) => {
    const check = checkElicitContent(schema, content);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.pointer).toBe(pointer);
      expect(check.message).toContain(message);
    }
  });

  it("fills defaults for omitted fields only", () => {
    expect(withDefaults(schema, { name: "Ada", ok: true })).toEqual({ name: "Ada", ok: true, age: 30 });
  });
});

describe("the default output validator", () => {
  const validator = createOutputValidator();
  it("speaks 2020-12 by default and draft-07 when the schema says so", () => {
    expect(validator.check({ type: "array", prefixItems: [{ type: "number" }] }, [1])).toEqual({ ok: true });
    expect(validator.check({ type: "array", prefixItems: [{ type: "number" }] }, ["x"])).toMatchObject({
      ok: false,
      pointer: "/0",
    });
    const draft7 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", required: ["a"] };
    expect(validator.check(draft7, {})).toEqual({ ok: false, pointer: "/a", message: "is required" });
    const draft7Items = { $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "number" }] };
    expect(validator.check(draft7Items, ["x"])).toMatchObject({ ok: false, pointer: "/0" });
  });

  it("reports an unusable schema as a failed check, not a crash", () => {
    expect(validator.check({ $ref: "https://example.com/elsewhere.json" }, 1)).toEqual({
      ok: false,
      pointer: "",
      message:
        'the output schema cannot be used: invalid JSON Schema at #/$ref: cannot resolve "https://example.com/elsewhere.json": no schema in this document has that $id (other documents are not fetched)',
    });
  });

  it("treats formats as annotations", () => {
    expect(validator.check({ type: "string", format: "email" }, "not an email")).toEqual({ ok: true });
  });

  it("reports the first issue's pointer and message, checking a schema object many times", () => {
    const schema = { type: "number" };
    expect(validator.check(schema, 1)).toEqual({ ok: true });
    expect(validator.check(schema, "1")).toEqual({ ok: false, pointer: "", message: "must be number" });
  });

  it("keeps createAjvOutputValidator as a deprecated alias", () => {
    expect(createAjvOutputValidator).toBe(createOutputValidator);
  });

  it("does not trip over two schemas with the same $id", () => {
    const a = { $id: "urn:x", type: "number" };
    const b = { $id: "urn:x", type: "string" };
    expect(validator.check(a, 1).ok).toBe(true);
    expect(validator.check(b, "s").ok).toBe(true);
  });
});
