import { Server } from "@mcpkit/server";

/** A server definition with a plain tool and tools that ask the client for roots and sampling. */
export function definition(options: ConstructorParameters<typeof Server>[1] = {}): Server {
  const server = new Server({ name: "legacy-server", version: "1.0.0" }, options);
  server.tool(
    {
      name: "add",
      inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
    },
    (args) => ({ content: [{ type: "text", text: String(Number(args.a) + Number(args.b)) }] }),
  );
  server.tool({ name: "roots", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const { roots } = await ctx.listRoots();
    return { content: [{ type: "text", text: roots.map((root) => root.uri).join(",") }] };
  });
  server.tool({ name: "ask-model", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const answer = await ctx.sample({
      messages: [{ role: "user", content: { type: "text", text: "2+2?" } }],
      maxTokens: 5,
    });
    return {
      content: [{ type: "text", text: `${answer.model}:${(answer.content as { text: string }).text}` }],
    };
  });
  return server;
}
