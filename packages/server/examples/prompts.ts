import { Server } from "@mcpkit/server";
import { z } from "zod";

const server = new Server({ name: "reviewer", version: "1.0.0" });

// A missing required argument is answered -32602 before the handler runs.
server.prompt(
  {
    name: "review",
    description: "Review a piece of code",
    arguments: [
      { name: "code", required: true },
      {
        name: "language",
        complete: (value) => ["go", "rust", "typescript"].filter((l) => l.startsWith(value)),
      },
    ],
  },
  ({ code, language }) => ({
    messages: [
      { role: "user", content: { type: "text", text: `Review this ${language ?? "code"}:\n${code}` } },
    ],
  }),
);

// With a Standard Schema: the arguments are parsed (-32602 naming the argument otherwise), the
// handler gets the output, the argument list is derived, and `complete` completes by name.
server.prompt(
  {
    name: "summarize",
    input: z.object({
      text: z.string().min(1).describe("What to summarize"),
      words: z.string().regex(/^\d+$/).transform(Number).optional().describe("At most this many words"),
      tone: z.enum(["neutral", "friendly"]).optional(),
    }),
    complete: { tone: (value) => ["neutral", "friendly"].filter((t) => t.startsWith(value)) },
  },
  ({ text, words = 50, tone = "neutral" }) => ({
    messages: [{ role: "user", content: { type: "text", text: `In ${words} ${tone} words:\n${text}` } }],
  }),
);

export { server };
