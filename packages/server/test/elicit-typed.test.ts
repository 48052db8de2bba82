import { describe, expect, it } from "vitest";
import { z } from "zod";
import { elicitationSchemaProblem } from "../src/index.js";
import { connect, newServer, plain } from "./helpers.js";

const person = {
  type: "object",
  properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
} as const;

/** A tool that asks with a JSON Schema and reports what it got (or the error it threw). */
function jsonAsker() {
  const server = newServer();
  server.tool({ name: "ask", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const answer = await ctx.elicit("Who are you?", person);
    if (answer.action !== "accept") return { content: [{ type: "text", text: answer.action }] };
    const { name, age } = answer.content; // string, number | undefined
    return { content: [{ type: "text", text: `${name.toUpperCase()} ${age ?? "?"}` }] };
  });
  return server;
}

describe("ctx.elicit(message, schema): session era", () => {
  it("sends the schema, returns the accepted content checked and typed", async () => {
    const server = jsonAsker();
    const client = await connect(server, "2025-11-25", { elicitation: {} });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask" } });
    const request = (await client.peer.next()) as { id: number; method: string; params: unknown };
    expect(request).toMatchObject({
      method: "elicitation/create",
      params: { message: "Who are you?", requestedSchema: person },
    });
    client.peer.deliver({
      jsonrpc: "2.0",
      id: request.id,
      result: { action: "accept", content: { name: "ada", age: 36 } },
    });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "ADA 36" }] },
    });
    await server.close();
  });

  it("an accepted answer that does not match the schema throws (a tool error naming the field)", async () => {
    const server = jsonAsker();
    const client = await connect(server, "2025-11-25", { elicitation: {} });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask" } });
    const request = (await client.peer.next()) as { id: number };
    client.peer.deliver({
      jsonrpc: "2.0",
      id: request.id,
      result: { action: "accept", content: { age: -1 } },
    });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        content: [
          {
            type: "text",
            text: "the answer to the elicitation does not match its schema: /name is required",
          },
        ],
        isError: true,
      },
    });
    await server.close();
  });

  it("decline and cancel come back as they are, without content", async () => {
    const server = jsonAsker();
    const client = await connect(server, "2025-06-18", { elicitation: {} });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask" } });
    const request = (await client.peer.next()) as { id: number };
    client.peer.deliver({ jsonrpc: "2.0", id: request.id, result: { action: "decline" } });
    expect(await client.peer.next()).toMatchObject({
      id: 1,
      result: { content: [{ type: "text", text: "decline" }] },
    });
    await server.close();
  });
});

describe("ctx.elicit(message, standardSchema)", () => {
  it("sends zod's JSON Schema (additionalProperties left out) and returns zod's output", async () => {
    const server = newServer();
    const schema = z.object({ city: z.string(), nights: z.number().int().default(1) });
    server.tool({ name: "book", inputSchema: { type: "object" } }, async (_args, ctx) => {
      const answer = await ctx.elicit("Where to?", schema);
      const text =
        answer.action === "accept" ? `${answer.content.city} x${answer.content.nights}` : answer.action;
      return { content: [{ type: "text", text }] };
    });
    const client = await connect(server, "2026-07-28", { elicitation: {} });
    const round = await client.result("tools/call", { name: "book" });
    expect(round.inputRequests).toEqual({
      "input-1": {
        method: "elicitation/create",
        params: {
          message: "Where to?",
          requestedSchema: {
            $schema: "https://json-schema.org/draft/2020-12/schema",
            type: "object",
            properties: {
              city: { type: "string" },
              nights: { type: "integer", default: 1, minimum: -9007199254740991, maximum: 9007199254740991 },
            },
            required: ["city"],
          },
        },
      },
    });
    const done = await client.result("tools/call", {
      name: "book",
      requestState: round.requestState,
      inputResponses: { "input-1": { action: "accept", content: { city: "Oslo" } } },
    });
    expect(plain(done)).toEqual({ content: [{ type: "text", text: "Oslo x1" }] });
    await server.close();
  });
});

describe("the form subset, checked before anything is sent", () => {
  it("a nested object is refused with a TypeError naming it", async () => {
    const server = newServer();
    server.tool({ name: "nested", inputSchema: { type: "object" } }, async (_args, ctx) => {
      await ctx.elicit("Address?", {
        type: "object",
        properties: { address: { type: "object", properties: { street: { type: "string" } } } },
      });
      return { content: [] };
    });
    const client = await connect(server, "2025-11-25", { elicitation: {} });
    expect(plain(await client.result("tools/call", { name: "nested" }))).toEqual({
      content: [
        {
          type: "text",
          text: 'elicitation: requestedSchema does not fit the form subset: /properties/address has type "object": a form field is a string, number, integer, boolean, or an array of enum strings (nested objects and other arrays are not allowed)',
        },
      ],
      isError: true,
    });
    expect(await client.peer.drain()).toEqual([]); // no elicitation/create went out
    await server.close();
  });

  it("the raw form is checked too", async () => {
    const server = newServer();
    server.tool({ name: "raw", inputSchema: { type: "object" } }, async (_args, ctx) => {
      await ctx.elicit({
        message: "Pick",
        // Outside the subset on purpose (`as never` past the wire type): refused at run time too.
        requestedSchema: {
          type: "object",
          properties: { tags: { type: "array", items: { type: "string" } } },
        } as never,
      });
      return { content: [] };
    });
    const client = await connect(server, "2025-11-25", { elicitation: {} });
    expect(plain(await client.result("tools/call", { name: "raw" }))).toMatchObject({
      content: [
        {
          type: "text",
          text: 'elicitation: requestedSchema does not fit the form subset: /properties/tags/items must be { type: "string", enum: [...] } or { anyOf: [{ const, title }, ...] }: a form\'s arrays are multi-select enums',
        },
      ],
    });
    await server.close();
  });

  it.each([
    [{ type: "array" }, 'the schema\'s type must be "object", not "array"'],
    [
      { type: "object", properties: { a: { type: "string", format: "ipv4" } } },
      '/properties/a has format "ipv4": only email, uri, date, date-time are allowed',
    ],
    [
      { type: "object", properties: { a: { type: "number", multipleOf: 2 } } },
      '/properties/a uses "multipleOf", which a number field of a form cannot have',
    ],
    [
      { type: "object", properties: {}, required: ["b"] },
      'the schema requires "b", which is not one of its properties',
    ],
    [
      { type: "object", properties: {}, $defs: {} },
      'the schema uses "$defs", which a form cannot have (only flat properties)',
    ],
    [
      { type: "object", properties: { a: { type: "string", oneOf: [{ const: 1 }] } } },
      "/properties/a/oneOf must list { const, title } options with string consts",
    ],
  ])("refuses %j", (schema, problem) => {
    expect(elicitationSchemaProblem(schema)).toBe(problem);
  });

  it("accepts every kind of field the specification lists", () => {
    expect(
      elicitationSchemaProblem({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: {
          email: {
            type: "string",
            format: "email",
            minLength: 3,
            maxLength: 50,
            pattern: "^.+$",
            default: "a@b.c",
          },
          n: { type: "integer", minimum: 0, maximum: 9, default: 1, title: "N", description: "a number" },
          ok: { type: "boolean", default: false },
          one: { type: "string", enum: ["a", "b"], enumNames: ["A", "B"] },
          titled: { type: "string", oneOf: [{ const: "a", title: "A" }] },
          many: {
            type: "array",
            minItems: 1,
            maxItems: 2,
            items: { type: "string", enum: ["a", "b"] },
            default: ["a"],
          },
          manyTitled: { type: "array", items: { anyOf: [{ const: "a", title: "A" }] } },
        },
        required: ["email"],
        additionalProperties: false,
      }),
    ).toBeUndefined();
  });
});
