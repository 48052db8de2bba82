import { describe, expect, it } from "vitest";
import { z } from "zod";
import { servedSchema, toDraft07 } from "../src/schema-dialect.js";
import { allRevisions, connect, newServer } from "./helpers.js";

const draft2020 = "https://json-schema.org/draft/2020-12/schema";

/** What a 2020-12 generator (zod 4's default target) emits: `$schema`, `$defs`, `$ref` with siblings. */
const modern = {
  $schema: draft2020,
  type: "object",
  $defs: { city: { type: "string", minLength: 2 } },
  properties: {
    from: { $ref: "#/$defs/city" },
    to: { $ref: "#/$defs/city", description: "destination", not: { const: "nowhere" } },
    legs: { type: "array", prefixItems: [{ type: "number" }, { type: "string" }], items: false },
    when: { enum: ["#/$defs/city"], default: "#/$defs/city" },
  },
  dependentRequired: { to: ["from"] },
  dependentSchemas: { from: { required: ["legs"] }, to: { properties: { when: { type: "string" } } } },
  required: ["from"],
} as const;

/** The same schema in draft-07: every keyword that has a draft-07 spelling converted, refs rewritten. */
const converted = {
  type: "object",
  definitions: { city: { type: "string", minLength: 2 } },
  properties: {
    from: { $ref: "#/definitions/city" },
    to: { allOf: [{ $ref: "#/definitions/city" }], description: "destination", not: { const: "nowhere" } },
    legs: { type: "array", items: [{ type: "number" }, { type: "string" }], additionalItems: false },
    when: { enum: ["#/$defs/city"], default: "#/$defs/city" },
  },
  dependencies: {
    to: { allOf: [{ properties: { when: { type: "string" } } }, { required: ["from"] }] },
    from: { required: ["legs"] },
  },
  required: ["from"],
};

describe("toDraft07", () => {
  it("converts what has a draft-07 spelling and drops the 2020-12 $schema", () => {
    expect(toDraft07(modern)).toEqual(converted);
  });

  it("rewrites refs to wherever their targets moved, nested ones included", () => {
    expect(
      toDraft07({
        $schema: draft2020,
        $defs: { pair: { prefixItems: [{ $ref: "#/$defs/n" }, { type: "string" }] }, n: { type: "number" } },
        properties: {
          first: { $ref: "#/$defs/pair/prefixItems/0" },
          all: { $ref: "#" },
          other: { $ref: "other.json#/$defs/x" },
        },
      }),
    ).toEqual({
      definitions: {
        pair: { items: [{ $ref: "#/definitions/n" }, { type: "string" }] },
        n: { type: "number" },
      },
      properties: {
        first: { $ref: "#/definitions/pair/items/0" },
        all: { $ref: "#" },
        other: { $ref: "other.json#/$defs/x" },
      },
    });
  });

  it("does not modify the schema it is given", () => {
    const copy = structuredClone(modern);
    toDraft07(modern);
    expect(modern).toEqual(copy);
  });

  it("leaves a schema without 2020-12-only keywords as it is, minus the $schema", () => {
    expect(toDraft07({ $schema: `${draft2020}#`, type: "object" })).toEqual({ type: "object" });
  });
});

describe("tools/list serves each revision a schema in its dialect", () => {
  function server() {
    const s = newServer();
    s.tool(
      { name: "trip", inputSchema: modern, outputSchema: { $schema: draft2020, type: "object" } },
      () => ({
        content: [],
        structuredContent: {},
      }),
    );
    s.tool(
      {
        name: "explicit07",
        inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object" },
      },
      () => ({ content: [] }),
    );
    return s;
  }

  it.each(allRevisions)("%s", async (revision) => {
    const s = server();
    const client = await connect(s, revision);
    const { tools } = (await client.result("tools/list")) as { tools: Record<string, unknown>[] };
    const draft07 = revision <= "2025-06-18";
    expect(tools[0]?.inputSchema).toEqual(draft07 ? converted : modern);
    if (revision >= "2025-06-18") {
      expect(tools[0]?.outputSchema).toEqual(
        draft07 ? { type: "object" } : { $schema: draft2020, type: "object" },
      );
    }
    // A schema that names draft-07 is served as it is to every revision (2025-11-25 allows an explicit dialect).
    expect(tools[1]?.inputSchema).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
    });
    // The tool still validates against the schema it was given.
    const call = await client.request("tools/call", {
      name: "trip",
      arguments: { from: "x", legs: [1, "a"] },
    });
    expect(JSON.stringify(call.answer)).toContain("/from must NOT have fewer than 2 characters");
    await s.close();
  });

  it("converts once per schema: later draft-07 listings reuse it; 2020-12 revisions get the schema itself", () => {
    const served = servedSchema("2025-06-18", modern);
    expect(servedSchema("2024-11-05", modern)).toBe(served);
    expect(servedSchema("2025-11-25", modern)).toBe(modern);
    expect(servedSchema("2026-07-28", modern)).toBe(modern);
    const plain = { type: "object" };
    expect(servedSchema("2024-11-05", plain)).toBe(plain);
  });

  it("serves a zod tool's schema without the 2020-12 $schema to a 2025-06-18 client", async () => {
    const s = newServer();
    s.tool({ name: "greet", input: z.object({ who: z.string() }) }, ({ who }) => ({
      content: [{ type: "text", text: who }],
    }));
    const old = await connect(s, "2025-06-18");
    const { tools } = (await old.result("tools/list")) as {
      tools: { inputSchema: Record<string, unknown> }[];
    };
    expect(tools[0]?.inputSchema).not.toHaveProperty("$schema");
    expect(tools[0]?.inputSchema).toMatchObject({ type: "object", properties: { who: { type: "string" } } });
    const current = await connect(s, "2025-11-25");
    const listed = (await current.result("tools/list")) as {
      tools: { inputSchema: Record<string, unknown> }[];
    };
    expect(listed.tools[0]?.inputSchema.$schema).toBe(draft2020);
    await s.close();
  });
});
