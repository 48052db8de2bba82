import { Server } from "@mcpkit/server";

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

export { server };
