/**
 * A Worker as its users write one: a Hono app at module scope (workerd refuses random values,
 * timers and I/O there), `export default app`. `/mcp` serves the reference everything-server,
 * `/whoami` a server whose tool answers with `ctx.auth`, fed by the app's auth middleware.
 */
import type { AuthInfo } from "@mcpkit/core";
import { Hono } from "hono";
import { createEverythingServer } from "../../../reference/dist/server/definition.js";
import { identityOf, whoamiServer } from "../../../framework-contract/src/app.js";
import { mcpApp } from "../../src/index.js";

type AppEnv = { Variables: { identity?: AuthInfo } };

/** A fixed secret: the input-required fixtures need one, and a module-scope Worker has no env. */
const { server, state } = createEverythingServer({ requestStateSecret: "hono-workerd-secret-of-32-bytes!" });
const everything = mcpApp({
  onSession: async (transport) => {
    const session = await server.connect(transport);
    if ("closeStream" in transport) state.streams.set(session, transport);
  },
  onStateless: async (transport) => {
    await server.connect(transport);
  },
  onError: (error) => console.error(error),
});
const whoami = whoamiServer();
const mcp = mcpApp<AppEnv>({
  onSession: (t) => whoami.connect(t),
  onStateless: (t) => whoami.connect(t),
  auth: (c) => c.get("identity"),
});

const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  const identity = identityOf(c.req.header("authorization"));
  if (identity) c.set("identity", identity);
  await next();
});
app.route("/mcp", everything);
app.route("/whoami", mcp);

export default app;
