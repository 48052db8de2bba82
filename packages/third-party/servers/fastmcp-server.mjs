// A small server of ours written with fastmcp (not with mcpkit), so the conformance suite is checked
// against a framework nobody here wrote. One tool with a required argument, one resource, one
// prompt with a required argument, over stdio, or with `http` over HTTP on 127.0.0.1 (PORT, default
// 0: a free port): fastmcp then serves Streamable HTTP at /mcp and legacy HTTP+SSE at /sse.
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

if (process.argv[2] === "http") {
  await server.start({
    transportType: "httpStream",
    httpStream: { host: "127.0.0.1", port: Number(process.env.PORT ?? 0) },
  });
} else {
  await server.start({ transportType: "stdio" });
}
