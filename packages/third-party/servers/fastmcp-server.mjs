// A small server of ours written with fastmcp (not with mcpkit), so the conformance suite is checked
// against a framework nobody here wrote. One tool with a required argument, one resource, one
// prompt with a required argument, over stdio.
import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "mcpkit-third-party-fastmcp", version: "1.0.0" });

server.addTool({
  name: "add",
  description: "Adds two numbers",
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: async (args) => String(args.a + args.b),
});

server.addResource({
  uri: "memo://greeting",
  name: "Greeting",
  mimeType: "text/plain",
  async load() {
    return { text: "hello from fastmcp" };
  },
});

server.addPrompt({
  name: "summarize",
  description: "Summarize a text",
  arguments: [{ name: "text", description: "what to summarize", required: true }],
  load: async (args) => `Summarize: ${args.text}`,
});

await server.start({ transportType: "stdio" });
