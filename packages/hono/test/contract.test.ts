import type { AuthInfo } from "@mcpkit/core";
import { frameworkContract, identityOf } from "@mcpkit/framework-contract";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "@mcpkit/transport-http";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { mcpApp } from "../src/index.js";
import { listen } from "./helpers/listen.js";

type AppEnv = { Variables: { identity?: AuthInfo } };

frameworkContract("Hono 4 (@hono/node-server)", async (options, corsOrigin) => {
  const mcp = mcpApp<AppEnv>({ ...options, auth: (c) => c.get("identity") });
  let parsed = 0;
  const api = new Hono<AppEnv>();
  if (corsOrigin !== undefined) {
    api.use(
      "/mcp",
      cors({
        origin: corsOrigin,
        allowHeaders: [...CORS_ALLOW_HEADERS],
        exposeHeaders: [...CORS_EXPOSE_HEADERS],
      }),
    );
  }
  // A middleware that reads every POST body as JSON first (as a logger or a validator would),
  // and the app's auth, which keeps who is calling in c.var.
  api.use("/mcp", async (c, next) => {
    if (c.req.method === "POST") {
      try {
        await c.req.json();
        parsed++;
      } catch {
        // Not JSON: the endpoint answers it.
      }
    }
    const identity = identityOf(c.req.header("authorization"));
    if (identity) c.set("identity", identity);
    await next();
  });
  api.route("/mcp", mcp);
  const app = new Hono();
  app.route("/api", api);
  const listening = await listen(app);
  return {
    url: `${listening.origin}/api/mcp`,
    handler: mcp.handler,
    parsed: () => parsed,
    closeEndpoint: () => mcp.close(),
    close: async () => {
      await mcp.close();
      await listening.close();
    },
  };
});
