/**
 * An MCP server inside an Express 5 app: `mcpRouter` of @mcpkit/express mounted at /mcp behind
 * the app's own `express.json()` and auth middleware, both eras (sessions and stateless) at
 * http://127.0.0.1:PORT/mcp (PORT from the environment, default 3000; 0 picks a free port).
 */
import { mcpRouter } from "@mcpkit/express";
import { Server } from "@mcpkit/server";
import express, { type Request } from "express";

const server = new Server({ name: "express-example", version: "1.0.0" });
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
  (_args, ctx) => ({
    content: [{ type: "text", text: ctx.auth?.subject ?? "anonymous" }],
  }),
);

/** A stand-in for your real auth middleware (sessions, passport, a JWT check): one fixed token. */
const users = new WeakMap<Request, string>();
const demoAuth: express.RequestHandler = (req, _res, next) => {
  if (req.headers.authorization === "Bearer demo-token") users.set(req, "demo-user");
  next();
};

const mcp = mcpRouter({
  onSession: (transport) => server.connect(transport),
  onStateless: (transport) => server.connect(transport),
  auth: (req) => {
    const user = users.get(req);
    return user === undefined ? undefined : { token: "demo-token", subject: user };
  },
});

const app = express();
app.use(express.json({ limit: "4mb" }));
app.use(demoAuth);
app.use("/mcp", mcp);
app.use("/mcp", mcp.bodyErrors);
app.get("/", (_req, res) => {
  res.type("text/plain").send("An MCP server lives at /mcp\n");
});

const listening = app.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  const address = listening.address();
  console.log(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/mcp`);
});

// Clean shutdown: end the MCP sessions (their streams close), then the HTTP server.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await mcp.close();
    listening.close(() => console.log("closed"));
  });
}
