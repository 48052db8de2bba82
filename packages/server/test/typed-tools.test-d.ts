import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { type FromSchema, Server, type ServerContext } from "../src/index.js";

const server = new Server({ name: "types", version: "1.0.0" });

describe("FromSchema", () => {
  it("objects: required members, optional members, additional members", () => {
    const closed = {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city"],
      additionalProperties: false,
    } as const;
    expectTypeOf<FromSchema<typeof closed>>().toEqualTypeOf<{ city: string; days?: number }>();
    const open = { type: "object", properties: { a: { type: "boolean" } } } as const;
    expectTypeOf<FromSchema<typeof open>>().toEqualTypeOf<{ a?: boolean; [key: string]: unknown }>();
    const map = { type: "object", additionalProperties: { type: "number" } } as const;
    expectTypeOf<FromSchema<typeof map>>().toEqualTypeOf<{ [key: string]: number }>();
  });

  it("scalars, enum, const, nullable and type lists", () => {
    expectTypeOf<FromSchema<{ type: "string" }>>().toEqualTypeOf<string>();
    expectTypeOf<FromSchema<{ type: "integer" }>>().toEqualTypeOf<number>();
    expectTypeOf<FromSchema<{ type: "null" }>>().toEqualTypeOf<null>();
    expectTypeOf<FromSchema<{ enum: readonly ["a", "b", 3] }>>().toEqualTypeOf<"a" | "b" | 3>();
    expectTypeOf<FromSchema<{ const: "fixed" }>>().toEqualTypeOf<"fixed">();
    expectTypeOf<FromSchema<{ type: readonly ["string", "null"] }>>().toEqualTypeOf<string | null>();
    expectTypeOf<FromSchema<{ type: "number"; nullable: true }>>().toEqualTypeOf<number | null>();
    expectTypeOf<FromSchema<true>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromSchema<{ $ref: "#/$defs/x" }>>().toEqualTypeOf<unknown>();
  });

  it("arrays, anyOf, oneOf, allOf", () => {
    expectTypeOf<FromSchema<{ type: "array"; items: { type: "string" } }>>().toEqualTypeOf<string[]>();
    expectTypeOf<FromSchema<{ type: "array" }>>().toEqualTypeOf<unknown[]>();
    expectTypeOf<FromSchema<{ anyOf: readonly [{ type: "string" }, { type: "number" }] }>>().toEqualTypeOf<
      string | number
    >();
    const shapes = {
      oneOf: [
        {
          type: "object",
          properties: { kind: { const: "circle" }, r: { type: "number" } },
          required: ["kind", "r"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { kind: { const: "square" }, side: { type: "number" } },
          required: ["kind", "side"],
          additionalProperties: false,
        },
      ],
    } as const;
    expectTypeOf<FromSchema<typeof shapes>>().toEqualTypeOf<
      { kind: "circle"; r: number } | { kind: "square"; side: number }
    >();
    expectTypeOf<
      FromSchema<{
        allOf: readonly [
          {
            type: "object";
            properties: { a: { type: "string" } };
            required: readonly ["a"];
            additionalProperties: false;
          },
          {
            type: "object";
            properties: { b: { type: "number" } };
            required: readonly ["b"];
            additionalProperties: false;
          },
        ];
      }>
    >().toMatchTypeOf<{ a: string; b: number }>();
  });
});

describe("server.tool()", () => {
  it("infers arguments and structured content from literal JSON Schemas", () => {
    server.tool(
      {
        name: "forecast",
        inputSchema: {
          type: "object",
          properties: { city: { type: "string" }, unit: { enum: ["C", "F"] } },
          required: ["city"],
          additionalProperties: false,
        },
        outputSchema: {
          type: "object",
          properties: { temperature: { type: "number" } },
          required: ["temperature"],
          additionalProperties: false,
        },
      },
      (args, ctx) => {
        expectTypeOf(args).toEqualTypeOf<{ city: string; unit?: "C" | "F" }>();
        expectTypeOf(ctx).toEqualTypeOf<ServerContext>();
        return { structuredContent: { temperature: 21 } };
      },
    );
    // @ts-expect-error structuredContent must match the output schema
    server.tool(
      {
        name: "wrong-output",
        inputSchema: { type: "object" },
        outputSchema: {
          type: "object",
          properties: { n: { type: "number" } },
          required: ["n"],
          additionalProperties: false,
        },
      },
      () => ({ structuredContent: { n: "one" } }),
    );
  });

  it("works with a schema declared beforehand `as const`", () => {
    const input = {
      type: "object",
      properties: { ids: { type: "array", items: { type: "integer" } } },
      required: ["ids"],
    } as const;
    server.tool({ name: "ids", inputSchema: input }, (args) => {
      expectTypeOf(args.ids).toEqualTypeOf<number[]>();
      return { content: [] };
    });
  });

  it("falls back to Record<string, unknown> for schemas not known at compile time", () => {
    const schema: Record<string, unknown> = { type: "object" };
    server.tool({ name: "dynamic", inputSchema: schema }, (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
      return { structuredContent: { anything: true } };
    });
  });

  it("still takes explicit argument types", () => {
    server.tool<{ n: number }>({ name: "explicit", inputSchema: { type: "object" } }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number }>();
      return { content: [] };
    });
  });

  it("Standard Schema tools keep their types, output included", () => {
    server.tool(
      {
        name: "add",
        input: z.object({ a: z.number(), b: z.number().default(2) }),
        output: z.object({ sum: z.number() }),
      },
      ({ a, b }) => {
        expectTypeOf(a).toEqualTypeOf<number>();
        expectTypeOf(b).toEqualTypeOf<number>();
        return { structuredContent: { sum: a + b } };
      },
    );
    // @ts-expect-error structuredContent must be what `output` accepts
    server.tool({ name: "bad-output", input: z.object({}), output: z.object({ sum: z.number() }) }, () => ({
      structuredContent: { sum: "x" },
    }));
  });
});

describe("ctx.elicit() typed", () => {
  it("from a literal JSON Schema and from a Standard Schema", () => {
    server.tool({ name: "typed-elicit", inputSchema: { type: "object" } }, async (_args, ctx) => {
      const fromJson = await ctx.elicit("Who?", {
        type: "object",
        properties: { name: { type: "string" }, age: { type: "integer" } },
        required: ["name"],
        additionalProperties: false,
      });
      if (fromJson.action === "accept")
        expectTypeOf(fromJson.content).toEqualTypeOf<{ name: string; age?: number }>();
      else expectTypeOf(fromJson.content).toEqualTypeOf<undefined>();
      const fromZod = await ctx.elicit(
        "Where?",
        z.object({ city: z.string(), nights: z.number().default(1) }),
      );
      if (fromZod.action === "accept")
        expectTypeOf(fromZod.content).toEqualTypeOf<{ city: string; nights: number }>();
      const raw = await ctx.elicit({ message: "Raw", requestedSchema: { type: "object", properties: {} } });
      expectTypeOf(raw.content).toEqualTypeOf<
        { [key: string]: string | number | boolean | string[] } | undefined
      >();
      return { content: [] };
    });
  });
});

describe("server.prompt() with a Standard Schema", () => {
  it("types the handler's arguments and the completers' names", () => {
    server.prompt(
      {
        name: "typed-prompt",
        input: z.object({ code: z.string(), lines: z.string().transform(Number).optional() }),
        complete: { code: () => [] },
      },
      (args) => {
        expectTypeOf(args).toEqualTypeOf<{ code: string; lines?: number | undefined }>();
        return { messages: [] };
      },
    );
    // @ts-expect-error "nope" is not an argument
    server.prompt(
      { name: "bad-completer", input: z.object({ code: z.string() }), complete: { nope: () => [] } },
      () => ({ messages: [] }),
    );
  });
});
