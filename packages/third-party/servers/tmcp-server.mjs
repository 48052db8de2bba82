// A small server of ours written with tmcp (not with mcpkit), so the conformance suite is checked
// against a framework nobody here wrote. One tool with a required argument, one resource, one
// prompt with a required argument, over stdio.
import { ZodJsonSchemaAdapter } from "@tmcp/adapter-zod";
import { StdioTransport } from "@tmcp/transport-stdio";
import { McpServer } from "tmcp";
import { z } from "zod";

const server = new McpServer(
  { name: "mcpkit-third-party-tmcp", version: "1.0.0", description: "conformance target" },
  {
    adapter: new ZodJsonSchemaAdapter(),
    capabilities: {
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
    },
  },
);

server.tool(
  { name: "add", description: "Adds two numbers", schema: z.object({ a: z.number(), b: z.number() }) },
  async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
);

server.resource({ name: "greeting", description: "A greeting", uri: "memo://greeting" }, async (uri) => ({
  contents: [{ uri, mimeType: "text/plain", text: "hello from tmcp" }],
}));

server.prompt(
  { name: "summarize", description: "Summarize a text", schema: z.object({ text: z.string() }) },
  async ({ text }) => ({
    messages: [{ role: "user", content: { type: "text", text: `Summarize: ${text}` } }],
  }),
);

new StdioTransport(server).listen();
