import { describe, expect, it } from "vitest";
import { z } from "zod";
import { connect, newServer, plain } from "./helpers.js";

function reviewer() {
  const server = newServer();
  server.prompt(
    {
      name: "review",
      description: "Review a piece of code",
      input: z.object({
        code: z.string().min(1).describe("The code to review"),
        language: z.enum(["go", "rust", "typescript"]).optional().meta({ title: "Language" }),
        lines: z
          .string()
          .regex(/^\d+$/)
          .transform((s) => Number(s))
          .optional(),
      }),
      complete: { language: (value) => ["go", "rust", "typescript"].filter((l) => l.startsWith(value)) },
    },
    ({ code, language, lines }) => ({
      messages: [
        {
          role: "user",
          content: {
            type: "text",
            text: `${language ?? "code"} (${typeof lines} ${lines ?? "-"}):\n${code}`,
          },
        },
      ],
    }),
  );
  return server;
}

describe("prompts with a Standard Schema", () => {
  it("serves the argument list derived from the schema", async () => {
    const server = reviewer();
    const client = await connect(server, "2025-11-25");
    expect((await client.result("prompts/list")).prompts).toEqual([
      {
        name: "review",
        description: "Review a piece of code",
        arguments: [
          { name: "code", description: "The code to review", required: true },
          { name: "language", title: "Language" },
          { name: "lines" },
        ],
      },
    ]);
    await server.close();
  });

  it("the handler gets the parsed arguments", async () => {
    const server = reviewer();
    const client = await connect(server, "2026-07-28");
    const result = await client.result("prompts/get", {
      name: "review",
      arguments: { code: "x := 1", language: "go", lines: "12" },
    });
    expect(plain(result)).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "go (number 12):\nx := 1" } }],
    });
    await server.close();
  });

  it("arguments that do not parse are -32602 naming the argument", async () => {
    const server = reviewer();
    const client = await connect(server, "2025-06-18");
    expect(
      await client.error("prompts/get", { name: "review", arguments: { code: "x", language: "cobol" } }),
    ).toEqual({
      code: -32602,
      message:
        'Invalid arguments for prompt review: /language: Invalid option: expected one of "go"|"rust"|"typescript"',
      data: { pointer: "/params/arguments/language" },
    });
    expect(await client.error("prompts/get", { name: "review", arguments: {} })).toEqual({
      code: -32602,
      message: "Missing required argument: code",
      data: { pointer: "/params/arguments/code" },
    });
    await server.close();
  });

  it("completes per argument", async () => {
    const server = reviewer();
    const client = await connect(server, "2025-11-25");
    const result = await client.result("completion/complete", {
      ref: { type: "ref/prompt", name: "review" },
      argument: { name: "language", value: "r" },
    });
    expect(result).toEqual({ completion: { values: ["rust"], total: 1, hasMore: false } });
    const none = await client.result("completion/complete", {
      ref: { type: "ref/prompt", name: "review" },
      argument: { name: "code", value: "" },
    });
    expect(none).toEqual({ completion: { values: [], total: 0, hasMore: false } });
    await server.close();
  });

  it("a completer for an argument the schema lacks is refused at registration", () => {
    const server = newServer();
    expect(() =>
      server.prompt(
        { name: "p", input: z.object({ a: z.string() }), complete: { b: () => [] } as never },
        () => ({ messages: [] }),
      ),
    ).toThrow(new TypeError('prompt p: a completer for "b", which is not an argument'));
  });
});
