// Prompts and completion against @mcpkit/server, in every revision.
import { ErrorCode, McpError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { allRevisions, atLeast, connect, newServer } from "./setup.js";

function promptServer(): Server {
  const server = newServer({ pageSize: 1 });
  server.prompt(
    {
      name: "review",
      description: "Review code",
      arguments: [
        { name: "code", required: true },
        {
          name: "language",
          complete: (value, { arguments: args }) =>
            ["go", "rust", "typescript"]
              .filter((l) => l.startsWith(value))
              .map((l) => `${l}${args.code ? "!" : ""}`),
        },
      ],
    },
    ({ code, language }) => ({
      description: "a review",
      messages: [
        { role: "user", content: { type: "text", text: `Review this ${language ?? "code"}:\n${code}` } },
      ],
    }),
  );
  server.prompt({ name: "greet" }, () => ({
    messages: [
      { role: "user", content: { type: "text", text: "hi" } },
      { role: "assistant", content: { type: "text", text: "hello" } },
    ],
  }));
  server.prompt({ name: "third" }, () => ({ messages: [] }));
  server.resourceTemplate(
    {
      uriTemplate: "notes://{id}",
      name: "note",
      complete: {
        id: (value) => ({
          values: ["welcome", "weather"].filter((id) => id.startsWith(value)),
          total: 7,
          hasMore: true,
        }),
      },
    },
    (uri) => ({ contents: [{ uri, text: "n" }] }),
  );
  return server;
}

describe.each(allRevisions)("prompts and completion at %s", (revision: Revision) => {
  it("lists every page of prompts", async () => {
    const client = await connect(promptServer(), revision);
    const page = await client.listPromptsPage();
    expect(page.items.map((p) => p.name)).toEqual(["review"]);
    expect(await client.listPrompts()).toEqual([
      {
        name: "review",
        description: "Review code",
        arguments: [{ name: "code", required: true }, { name: "language" }],
      },
      { name: "greet" },
      { name: "third" },
    ]);
  });

  it("gets a prompt with its arguments", async () => {
    const client = await connect(promptServer(), revision);
    const result = await client.getPrompt({ name: "review", arguments: { code: "x = 1", language: "go" } });
    expect(result.description).toBe("a review");
    expect(result.messages).toEqual([
      { role: "user", content: { type: "text", text: "Review this go:\nx = 1" } },
    ]);
    expect((await client.getPrompt({ name: "greet" })).messages).toHaveLength(2);
  });

  it("a missing required argument is McpError -32602", async () => {
    const client = await connect(promptServer(), revision);
    const error = await client
      .getPrompt({ name: "review", arguments: { language: "go" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it("an unknown prompt is McpError -32602", async () => {
    const client = await connect(promptServer(), revision);
    await expect(client.getPrompt({ name: "nope" })).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it("completes prompt arguments and template variables", async () => {
    const client = await connect(promptServer(), revision);
    const prompt = await client.complete({
      ref: { type: "ref/prompt", name: "review" },
      argument: { name: "language", value: "t" },
      // The other arguments reach the completer where the revision carries them (2025-06-18+).
      context: { arguments: { code: "x" } },
    });
    expect(prompt.completion.values).toEqual([
      atLeast(revision, "2025-06-18") ? "typescript!" : "typescript",
    ]);
    const template = await client.complete({
      ref: { type: "ref/resource", uri: "notes://{id}" },
      argument: { name: "id", value: "we" },
    });
    expect(template.completion).toMatchObject({ values: ["welcome", "weather"], total: 7, hasMore: true });
  });
});
