/**
 * An MCP server on Deno: the Streamable HTTP handler served by `Deno.serve` at
 * http://127.0.0.1:PORT/mcp (PORT from the environment, default 8000; 0 picks a free port).
 */
import { Server } from "@mcpkit/server";
import { createStreamableHttpHandler } from "@mcpkit/transport-http";

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const server = new Server({ name: "deno-example", version: "1.0.0" });
server.tool(
  {
    name: "greet",
    description: "Greets someone by name",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
  ({ name }: { name: string }) => ({ content: [{ type: "text", text: `Hello, ${name}, from Deno!` }] }),
);

const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
});

Deno.serve(
  {
    hostname: "127.0.0.1",
    port: Number(Deno.env.get("PORT") ?? 8000),
    onListen: ({ port }) => console.log(`http://127.0.0.1:${port}/mcp`),
  },
  (request) =>
    new URL(request.url).pathname === "/mcp"
      ? handler.handle(request)
      : Promise.resolve(new Response("Not found", { status: 404 })),
);
