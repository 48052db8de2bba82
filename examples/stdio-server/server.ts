/**
 * An MCP server over stdio: the client launches this process and speaks newline-delimited JSON on
 * its stdin and stdout. Any revision, either era: the client's first message decides.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Server } from "@mcpkit/server";
import { StdioServerTransport } from "@mcpkit/transport-stdio";

const server = new Server({ name: "stdio-example", version: "1.0.0" });

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
  ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
);

server.tool(
  {
    name: "countdown",
    description: "Counts down from `from` (1 to 10), reporting progress each step",
    inputSchema: {
      type: "object",
      properties: { from: { type: "integer", minimum: 1, maximum: 10 } },
      required: ["from"],
    },
  },
  async ({ from }, ctx) => {
    for (let left = from; left > 0; left--) {
      await ctx.progress(from - left, from, `${left} to go`);
      await sleep(100, undefined, { signal: ctx.signal }); // a cancelled call stops here
    }
    await ctx.progress(from, from, "liftoff");
    return { content: [{ type: "text", text: `Counted down from ${from}. Liftoff!` }] };
  },
);

// stdout carries the protocol: anything else goes to stderr.
console.error("stdio-example ready");
const session = await server.connect(new StdioServerTransport());
await session.closed; // the client closed our stdin
