import { Server } from "@mcpkit/server";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { z } from "zod";

// valibot has no JSON Schema converter of its own: give the server a hook, used by every tool.
const server = new Server(
  { name: "travel", version: "1.0.0" },
  { toJsonSchema: (schema) => ({ ...toJsonSchema(schema as v.GenericSchema) }) },
);

server.tool(
  { name: "weather", input: v.object({ city: v.pipe(v.string(), v.minLength(2)) }) },
  ({ city }) => ({
    content: [{ type: "text", text: `Sunny in ${city}` }],
  }),
);

// zod 4 (4.2 and later) converts itself; a tool's own hook (here: zod's options) wins over the server's.
server.tool(
  {
    name: "nights",
    input: z.object({ from: z.iso.date(), to: z.iso.date() }),
    output: z.object({ nights: z.number().int() }),
    toJsonSchema: (schema, io) => z.toJSONSchema(schema as z.ZodType, { io, target: "draft-2020-12" }),
  },
  ({ from, to }) => {
    const nights = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    return { content: [], structuredContent: { nights } };
  },
);

export { server };
