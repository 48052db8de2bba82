import { Server } from "@mcpkit/server";

const server = new Server({ name: "calculator", version: "1.0.0" });

// Arguments are validated against inputSchema before the handler runs, and typed from it:
// args is { a: number; b: number; [key: string]: unknown }, structuredContent { quotient: number }.
const divide = server.tool(
  {
    name: "divide",
    description: "Divides a by b",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    outputSchema: { type: "object", properties: { quotient: { type: "number" } }, required: ["quotient"] },
  },
  async (args, ctx) => {
    if (args.b === 0) throw new Error("division by zero"); // becomes an isError result
    await ctx.log("debug", { dividing: args });
    const quotient = args.a / args.b;
    return { content: [{ type: "text", text: String(quotient) }], structuredContent: { quotient } };
  },
);

// Handles change what clients see; each change sends a (coalesced) list_changed.
divide.update({ title: "Divide" });
divide.disable();
divide.enable();

export { server };
