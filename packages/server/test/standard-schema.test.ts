import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type StandardSchemaV1, isStandardSchema } from "../src/index.js";
import { connect, newServer, plain } from "./helpers.js";

describe("Standard Schema tools: zod 4", () => {
  function server() {
    const s = newServer();
    s.tool(
      { name: "add", input: z.object({ a: z.number(), b: z.number().default(2) }) },
      // The handler gets zod's output: the default applied, types inferred.
      ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
    );
    return s;
  }

  it("serves the input JSON Schema from zod's own converter, and runs with the parsed value", async () => {
    const s = server();
    const client = await connect(s, "2025-11-25");
    expect((await client.result("tools/list")).tools).toEqual([
      {
        name: "add",
        inputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: { a: { type: "number" }, b: { default: 2, type: "number" } },
          required: ["a"],
        },
      },
    ]);
    expect(await client.result("tools/call", { name: "add", arguments: { a: 1 } })).toEqual({
      content: [{ type: "text", text: "3" }],
    });
    await s.close();
  });

  it("2025-11-25 and later: an isError result naming the field", async () => {
    const s = server();
    const client = await connect(s, "2026-07-28");
    expect(plain(await client.result("tools/call", { name: "add", arguments: { a: "x" } }))).toEqual({
      content: [
        {
          type: "text",
          text: "Invalid arguments for tool add: /a: Invalid input: expected number, received string",
        },
      ],
      isError: true,
    });
    await s.close();
  });

  it("before 2025-11-25: -32602 with the pointer", async () => {
    const s = server();
    const client = await connect(s, "2025-06-18");
    expect(await client.error("tools/call", { name: "add", arguments: {} })).toEqual({
      code: -32602,
      message: "Invalid arguments for tool add: /a: Invalid input: expected number, received undefined",
      data: { pointer: "/params/arguments/a" },
    });
    await s.close();
  });

  it("a toJsonSchema hook and an output schema", async () => {
    const s = newServer();
    s.tool(
      {
        name: "sum",
        input: z.object({ a: z.number() }),
        output: z.object({ sum: z.number() }),
        toJsonSchema: (schema, io) => z.toJSONSchema(schema as z.ZodType, { io }),
      },
      // A wrong output on purpose (`as never` past its type): the server checks it at run time too.
      ({ a }) => ({ content: [], structuredContent: a > 0 ? { sum: a } : ({ sum: "negative" } as never) }),
    );
    const client = await connect(s, "2025-06-18");
    // zod's 2020-12 `$schema` is not served to a draft-07 revision.
    expect((await client.result("tools/list")).tools).toEqual([
      {
        name: "sum",
        inputSchema: {
          type: "object",
          properties: { a: { type: "number" } },
          required: ["a"],
        },
        outputSchema: {
          type: "object",
          properties: { sum: { type: "number" } },
          required: ["sum"],
          additionalProperties: false,
        },
      },
    ]);
    expect(await client.result("tools/call", { name: "sum", arguments: { a: 2 } })).toEqual({
      content: [{ type: "text", text: '{"sum":2}' }],
      structuredContent: { sum: 2 },
    });
    expect(await client.result("tools/call", { name: "sum", arguments: { a: -1 } })).toEqual({
      content: [
        {
          type: "text",
          text: "Tool sum returned structured content that does not match its output schema: /sum: Invalid input: expected number, received string",
        },
      ],
      isError: true,
    });
    await s.close();
  });
});

describe("Standard Schema tools: valibot", () => {
  it("derives the JSON Schema through the server's toJsonSchema hook", async () => {
    const s = newServer({ toJsonSchema: (schema) => ({ ...toJsonSchema(schema as v.GenericSchema) }) });
    s.tool(
      { name: "weather", input: v.object({ city: v.pipe(v.string(), v.minLength(2)) }) },
      ({ city }) => ({
        content: [{ type: "text", text: `Sunny in ${city}` }],
      }),
    );
    const client = await connect(s, "2025-11-25");
    expect((await client.result("tools/list")).tools).toEqual([
      {
        name: "weather",
        inputSchema: {
          type: "object",
          properties: { city: { type: "string", minLength: 2 } },
          required: ["city"],
          $schema: "http://json-schema.org/draft-07/schema#",
        },
      },
    ]);
    expect(await client.result("tools/call", { name: "weather", arguments: { city: "x" } })).toEqual({
      content: [
        {
          type: "text",
          text: "Invalid arguments for tool weather: /city: Invalid length: Expected >=2 but received 1",
        },
      ],
      isError: true,
    });
    expect(await client.result("tools/call", { name: "weather", arguments: { city: "Oslo" } })).toEqual({
      content: [{ type: "text", text: "Sunny in Oslo" }],
    });
    await s.close();
  });

  it("without a JSON Schema, a hook or a converter, registration fails", () => {
    const s = newServer();
    expect(() => s.tool({ name: "w", input: v.object({}) }, () => ({ content: [] }))).toThrow(
      new TypeError(
        "tool w: its input valibot schema needs a JSON Schema to serve: give one, or a toJsonSchema hook (per tool or in the Server options)",
      ),
    );
  });
});

describe("Standard Schema tools: a hand-written schema", () => {
  /** Accepts `{ n }` with an even integer n (asynchronously), producing n / 2. */
  const half: StandardSchemaV1<{ n: number }, number> = {
    "~standard": {
      version: 1,
      vendor: "hand",
      validate: async (value) => {
        const n = (value as { n?: unknown }).n;
        if (typeof n === "number" && n % 2 === 0) return { value: n / 2 };
        return { issues: [{ message: "must be even", path: [{ key: "n" }] }] };
      },
    },
  };

  it("validates asynchronously, serves the given inputSchema verbatim, both error forms", async () => {
    const s = newServer();
    const inputSchema = { type: "object", properties: { n: { type: "integer", multipleOf: 2 } } };
    s.tool({ name: "half", input: half, inputSchema }, (h) => ({
      content: [{ type: "text", text: String(h) }],
    }));
    expect(isStandardSchema(half)).toBe(true);
    expect(isStandardSchema(inputSchema)).toBe(false);
    const modern = await connect(s, "2025-11-25");
    expect((await modern.result("tools/list")).tools).toEqual([{ name: "half", inputSchema }]);
    expect(await modern.result("tools/call", { name: "half", arguments: { n: 8 } })).toEqual({
      content: [{ type: "text", text: "4" }],
    });
    expect(await modern.result("tools/call", { name: "half", arguments: { n: 3 } })).toEqual({
      content: [{ type: "text", text: "Invalid arguments for tool half: /n: must be even" }],
      isError: true,
    });
    const old = await connect(s, "2024-11-05");
    expect(await old.error("tools/call", { name: "half", arguments: { n: 3 } })).toEqual({
      code: -32602,
      message: "Invalid arguments for tool half: /n: must be even",
      data: { pointer: "/params/arguments/n" },
    });
    await s.close();
  });
});

describe("no hard dependency on a schema library", () => {
  const packageDir = resolve(import.meta.dirname, "..");
  it("package.json dependencies name neither zod nor valibot", () => {
    const manifest = JSON.parse(readFileSync(resolve(packageDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const runtime = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(runtime.filter((name) => /zod|valibot/.test(name))).toEqual([]);
  });

  it("no source file imports one", () => {
    const files = readdirSync(resolve(packageDir, "src"), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((f) => f.endsWith(".ts"))) {
      expect(readFileSync(resolve(packageDir, "src", file), "utf8"), file).not.toMatch(
        // An import statement, not a TSDoc example (whose lines start with " * ").
        /^import[^;]*from "(zod|valibot|@valibot)/m,
      );
    }
  });
});
