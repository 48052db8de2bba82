// A small server of ours written with tmcp (not with mcpkit), so the conformance suite is checked
// against a framework nobody here wrote. One tool with a required argument, one resource, one
// prompt with a required argument, over stdio, or with `http` over Streamable HTTP at /mcp on
// 127.0.0.1 (PORT, default 0: a free port), through @tmcp/transport-http behind node:http.
import { ZodJsonSchemaAdapter } from "@tmcp/adapter-zod";
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { HttpTransport } from "@tmcp/transport-http";
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

if (process.argv[2] === "http") {
  const transport = new HttpTransport(server);
  // node:http to the fetch Request that tmcp answers, and its Response back, streamed (SSE).
  createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      signal: abort.signal,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: "half" } : {}),
    });
    const response = (await transport.respond(request)) ?? new Response(null, { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) {
      res.end();
      return;
    }
    Readable.fromWeb(response.body)
      .on("error", () => res.destroy())
      .pipe(res);
  }).listen(Number(process.env.PORT ?? 0), "127.0.0.1");
} else {
  new StdioTransport(server).listen();
}
