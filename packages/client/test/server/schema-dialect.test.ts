// Output schemas are read in the dialect of the revision that served them: draft-07 up to
// 2025-06-18 (unless `$schema` says otherwise), 2020-12 from 2025-11-25.
import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer } from "./setup.js";

/** A tuple in 2020-12 terms: @mcpkit/server serves it as `items` + `additionalItems` to draft-07 revisions. */
const pairSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    pair: { type: "array", prefixItems: [{ type: "number" }, { type: "string" }], items: false },
  },
  required: ["pair"],
};

describe("structured content against a tuple output schema", () => {
  it.each(allRevisions.filter((r) => r >= "2025-06-18"))("%s", async (revision) => {
    const server = newServer();
    server.tool({ name: "pair", inputSchema: { type: "object" }, outputSchema: pairSchema }, () => ({
      content: [],
      structuredContent: { pair: [1, "a"] },
    }));
    const client = await connect(server, revision);
    const [tool] = await client.listTools();
    // Draft-07 revisions get the tuple as `items` + `additionalItems`, without the 2020-12 `$schema`.
    expect(tool?.outputSchema?.$schema).toBe(revision <= "2025-06-18" ? undefined : pairSchema.$schema);
    await expect(client.callTool({ name: "pair", arguments: {} })).resolves.toMatchObject({
      structuredContent: { pair: [1, "a"] },
    });
  });
});
