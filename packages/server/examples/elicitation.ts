import { Server } from "@mcpkit/server";
import { z } from "zod";

const server = new Server({ name: "booking", version: "1.0.0" });

server.tool({ name: "book", inputSchema: { type: "object" } }, async (_args, ctx) => {
  // A literal JSON Schema: checked against the form subset before it is sent, the answer checked
  // against it and typed from it ({ city: string; nights?: number }).
  const where = await ctx.elicit("Where to?", {
    type: "object",
    properties: { city: { type: "string", minLength: 2 }, nights: { type: "integer", minimum: 1 } },
    required: ["city"],
    additionalProperties: false,
  });
  if (where.action !== "accept") return { content: [{ type: "text", text: "Not booked" }] };
  // A Standard Schema: its JSON Schema is sent, the handler gets its output (defaults applied).
  const how = await ctx.elicit("Room?", z.object({ breakfast: z.boolean().default(false) }));
  const breakfast = how.action === "accept" && how.content.breakfast;
  const { city, nights = 1 } = where.content;
  return {
    content: [{ type: "text", text: `${nights} night(s) in ${city}${breakfast ? " with breakfast" : ""}` }],
  };
});

export { server };
