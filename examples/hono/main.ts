/**
 * An MCP server inside a Hono 4 app on Node (@hono/node-server): `mcpApp` of @mcpkit/hono
 * mounted with `app.route("/mcp", …)` behind the app's own auth middleware, both eras (sessions
 * and stateless) at http://127.0.0.1:PORT/mcp (PORT from the environment, default 3000; 0 picks
 * a free port). The same `app` runs on Bun, Deno and Workers with their own `serve`.
 */
import { serve } from "@hono/node-server";
import { mcpApp } from "@mcpkit/hono";
import { Server } from "@mcpkit/server";
import { Hono } from "hono";

type AppEnv = { Variables: { user?: string } };

const server = new Server({ name: "hono-example", version: "1.0.0" });
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

const mcp = mcpApp<AppEnv>({
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
  auth: (c) => {
    const user = c.get("user");
    return user === undefined ? undefined : { token: "demo-token", subject: user };
  },
});

const app = new Hono<AppEnv>();
// A stand-in for your real auth middleware (hono/jwt, a session check): one fixed token.
app.use(async (c, next) => {
  if (c.req.header("authorization") === "Bearer demo-token") c.set("user", "demo-user");
  await next();
});
app.route("/mcp", mcp);
app.get("/", (c) => c.text("An MCP server lives at /mcp\n"));

const listening = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: "127.0.0.1" },
  (info) => console.log(`http://127.0.0.1:${info.port}/mcp`),
);

// Clean shutdown: end the MCP sessions (their streams close), then the HTTP server.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await mcp.close();
    listening.close(() => console.log("closed"));
  });
}
