/**
 * An MCP server inside a Fastify 5 app: `mcpPlugin` of @mcpkit/fastify registered under the
 * `/mcp` prefix behind the app's own auth hook, both eras (sessions and stateless) at
 * http://127.0.0.1:PORT/mcp (PORT from the environment, default 3000; 0 picks a free port).
 */
import { mcpPlugin } from "@mcpkit/fastify";
import { Server } from "@mcpkit/server";
import Fastify, { type FastifyRequest } from "fastify";

const server = new Server({ name: "fastify-example", version: "1.0.0" });
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
server.tool(
  { name: "whoami", description: "Who the app's auth says you are", inputSchema: { type: "object" } },
  (_args, ctx) => ({ content: [{ type: "text", text: ctx.auth?.subject ?? "anonymous" }] }),
);

const app = Fastify();
// A stand-in for your real auth hook (@fastify/jwt, a session check): one fixed token.
const users = new WeakMap<FastifyRequest, string>();
app.addHook("onRequest", async (request) => {
  if (request.headers.authorization === "Bearer demo-token") users.set(request, "demo-user");
});
await app.register(
  mcpPlugin({
    onSession: (transport) => server.connect(transport),
    onStateless: (transport) => server.connect(transport),
    auth: (request) => {
      const user = users.get(request);
      return user === undefined ? undefined : { token: "demo-token", subject: user };
    },
  }),
  { prefix: "/mcp" },
);
app.get("/", async () => "An MCP server lives at /mcp\n");

const origin = await app.listen({ port: Number(process.env.PORT ?? 3000), host: "127.0.0.1" });
console.log(`${origin}/mcp`);

// Clean shutdown: app.close() ends the MCP sessions (their streams close), then the server.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await app.close();
    console.log("closed");
  });
}
