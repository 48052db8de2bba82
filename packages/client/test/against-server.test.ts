// The client against @mcpkit/server (being written alongside; imported from its sources).
import { createInMemoryPair } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Server } from "@mcpkit/server";
import { Client } from "../src/index.js";
import { clientInfo, revisionsUnderTest } from "./helpers/servers.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => {})));
});

function definition(): Server {
  const server = new Server({ name: "real-server", version: "1.0.0" }, { pageSize: 1, instructions: "real" });
  server.tool(
    {
      name: "add",
      inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
    },
    (args) => ({
      content: [{ type: "text", text: String(Number(args.a) + Number(args.b)) }],
    }),
  );
  server.tool(
    {
      name: "temp",
      inputSchema: { type: "object" },
      outputSchema: { type: "object", properties: { c: { type: "number" } }, required: ["c"] },
    },
    () => ({ content: [{ type: "text", text: "{}" }], structuredContent: { c: 4 } }),
  );
  server.prompt({ name: "hi" }, () => ({
    messages: [{ role: "user", content: { type: "text", text: "hi" } }],
  }));
  server.resource({ uri: "mem://a", name: "a" }, (uri) => ({ contents: [{ uri, text: "A" }] }));
  return server;
}

for (const revision of revisionsUnderTest) {
  describe(`@mcpkit/server at ${revision}`, () => {
    it("settles the era, paginates, calls tools with output schemas, reads, gets prompts", async () => {
      const server = definition();
      open.push(server);
      const [clientSide, serverSide] = createInMemoryPair();
      await server.connect(serverSide);
      const client = new Client({ clientInfo, revision });
      open.push(client);
      await client.connect(clientSide);
      expect(client.revision).toBe(revision);
      expect(client.serverInfo?.name).toBe("real-server");
      expect((await client.listTools()).map((t) => t.name)).toEqual(["add", "temp"]);
      expect((await client.callTool({ name: "add", arguments: { a: 2, b: 3 } })).content).toEqual([
        { type: "text", text: "5" },
      ]);
      // 2024-11-05 has no structured output: the server leaves it out and the client does not ask for it.
      const structured = (await client.callTool({ name: "temp" })).structuredContent;
      expect(structured).toEqual(revision === "2024-11-05" ? undefined : { c: 4 });
      expect((await client.readResource("mem://a")).contents[0]).toMatchObject({ text: "A" });
      expect((await client.getPrompt({ name: "hi" })).messages).toHaveLength(1);
    });
  });
}

describe("@mcpkit/server in auto mode", () => {
  it("talks statelessly to a server of every revision", async () => {
    const server = definition();
    open.push(server);
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    const client = new Client({ clientInfo });
    open.push(client);
    await client.connect(clientSide);
    expect(client.era).toBe("stateless");
    expect(client.instructions).toBe("real");
  });
});
