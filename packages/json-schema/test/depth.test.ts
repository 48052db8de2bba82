import { describe, expect, it } from "vitest";
import { compileJsonSchema } from "../src/index.js";

function nest(levels: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe("pathological values and schemas", () => {
  const anyDepth = compileJsonSchema({
    $defs: { node: { anyOf: [{ type: "number" }, { type: "array", items: { $ref: "#/$defs/node" } }] } },
    $ref: "#/$defs/node",
  });

  it("validates values up to 1000 levels deep", () => {
    expect(anyDepth(nest(999))).toBeUndefined();
  });

  it("stops past 1000 levels with an issue instead of overflowing the stack", () => {
    const found = compileJsonSchema({ items: { $ref: "#" } })(nest(100_000));
    expect(found).toMatchObject({ keyword: "maxDepth", message: "is nested more than 1000 levels deep" });
    // 1000 levels validated; the member one level further is where it stopped.
    expect(found?.pointer).toBe("/0".repeat(1001));
  });

  it("stops a $ref loop that never descends", () => {
    expect(
      compileJsonSchema({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" })(
        1,
      ),
    ).toEqual({
      pointer: "",
      keyword: "$ref",
      schemaPath: "#/$defs/b/$ref",
      message: "goes through more than 100 references without descending into the value",
    });
  });
});
