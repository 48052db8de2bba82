/**
 * An MCP server over Streamable HTTP at http://127.0.0.1:PORT/mcp (PORT from the environment,
 * default 3000; 0 picks a free port).
 *
 * - By default, clients of 2025-03-26 to 2025-11-25 get sessions (`Mcp-Session-Id`, a GET
 *   stream for server messages, resumable answers), and 2026-07-28 clients are served statelessly
 *   on the same endpoint.
 * - With `--stateless`, nothing is kept between requests: every POST is served on its own, as on
 *   a serverless platform behind a load balancer. Older clients still work, without sessions.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Server } from "@mcpkit/server";
import { serveStreamableHttp } from "@mcpkit/transport-http/node";

const { values } = parseArgs({ options: { stateless: { type: "boolean", default: false } } });

const server = new Server({ name: "http-example", version: "1.0.0" });

server.tool(
  {
    name: "greet",
    description: "Greets someone by name",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
  ({ name }) => ({ content: [{ type: "text", text: `Hello, ${name}!` }] }),
);

server.tool(
  {
    name: "brew",
    description: "Brews `cups` cups of tea (1 to 5), reporting progress after each",
    inputSchema: {
      type: "object",
      properties: { cups: { type: "integer", minimum: 1, maximum: 5 } },
      required: ["cups"],
    },
  },
  async ({ cups }, ctx) => {
    for (let cup = 1; cup <= cups; cup++) {
      await sleep(100, undefined, { signal: ctx.signal }); // a cancelled call stops here
      await ctx.progress(cup, cups, `cup ${cup} ready`);
    }
    return { content: [{ type: "text", text: `${cups} cups of tea brewed` }] };
  },
);

const http = await serveStreamableHttp({
  port: Number(process.env.PORT ?? 3000),
  sessions: !values.stateless,
  onSession: (transport) => server.connect(transport), // one transport per session
  onStateless: (transport) => server.connect(transport), // one transport for all 2026-07-28 traffic
});
console.log(`${http.url} (${values.stateless ? "stateless: no sessions" : "sessions and stateless"})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void http.close().then(() => process.exit(0)));
}
