/**
 * An MCP server on Bun: the Streamable HTTP handler served by `Bun.serve` at
 * http://127.0.0.1:PORT/mcp (PORT from the environment, default 3000; 0 picks a free port).
 */
import { Server } from "@mcpkit/server";
import { createStreamableHttpHandler } from "@mcpkit/transport-http";

declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: {
    hostname: string;
    port: number;
    idleTimeout: number;
    fetch(request: Request): Promise<Response>;
  }): { port: number };
};

const server = new Server({ name: "bun-example", version: "1.0.0" });
server.tool(
  {
    name: "greet",
    description: "Greets someone by name",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
  ({ name }: { name: string }) => ({ content: [{ type: "text", text: `Hello, ${name}, from Bun!` }] }),
);

const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
});

const served = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(Bun.env.PORT ?? 3000),
  // SSE streams stay open while a client listens: no idle cut-off (Bun's default is 10 s).
  idleTimeout: 0,
  fetch: (request) =>
    new URL(request.url).pathname === "/mcp"
      ? handler.handle(request)
      : Promise.resolve(new Response("Not found", { status: 404 })),
});
console.log(`http://127.0.0.1:${served.port}/mcp`);
