/**
 * An MCP server as a Cloudflare Worker: the definition and the Streamable HTTP handler are built
 * once, at module scope, and every request goes to `handler.handle`. Both eras are served on one
 * endpoint: sessions (2025-03-26 … 2025-11-25) and stateless requests (2026-07-28).
 */
import { Server } from "@mcpkit/server";
import { createStreamableHttpHandler } from "@mcpkit/transport-http";

const server = new Server({ name: "worker-example", version: "1.0.0" });

server.tool(
  {
    name: "add",
    description: "Adds two numbers",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
  },
  ({ a, b }: { a: number; b: number }) => ({ content: [{ type: "text", text: String(a + b) }] }),
);

const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
});

/** The part of the Worker's `ExecutionContext` the handler uses. */
interface ExecutionContext {
  waitUntil(work: Promise<unknown>): void;
}

export default {
  fetch(request: Request, _env: unknown, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname !== "/mcp") return Promise.resolve(new Response("Not found", { status: 404 }));
    // Work that outlives the response (a task, an answer sent later) keeps running.
    return handler.handle(request, { waitUntil: (work) => ctx.waitUntil(work) });
  },
};
