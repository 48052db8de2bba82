import type { AuthInfo } from "@mcpkit/core";
import { frameworkContract, identityOf } from "@mcpkit/framework-contract";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "@mcpkit/transport-http";
import cors from "cors";
import express, { type Request } from "express";
import { mcpRouter } from "../src/index.js";
import { listen } from "./helpers/listen.js";

frameworkContract("Express 5", async (options, corsOrigin) => {
  // Where the app's auth middleware keeps who is calling (req.user, req.auth in real apps).
  const identities = new WeakMap<Request, AuthInfo>();
  const mcp = mcpRouter({ ...options, auth: (req) => identities.get(req) });
  let parsed = 0;
  const app = express();
  if (corsOrigin !== undefined) {
    app.use(
      cors({
        origin: corsOrigin,
        allowedHeaders: [...CORS_ALLOW_HEADERS],
        exposedHeaders: [...CORS_EXPOSE_HEADERS],
      }),
    );
  }
  app.use(express.json({ limit: "4mb" }));
  app.use((req, _res, next) => {
    if (req.body !== undefined) parsed++;
    const identity = identityOf(req.headers.authorization);
    if (identity) identities.set(req, identity);
    next();
  });
  const api = express.Router();
  api.use("/mcp", mcp);
  app.use("/api", api);
  // Errors skip routers: the parser's refusals are caught at the app level, on the full path.
  app.use("/api/mcp", mcp.bodyErrors);
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
