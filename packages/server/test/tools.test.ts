import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer, plain, sessionRevisions, settle } from "./helpers.js";

const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: { n: { type: "number" } },
  properties: { a: { $ref: "#/$defs/n" }, b: { $ref: "#/$defs/n" } },
  required: ["a", "b"],
  additionalProperties: false,
};

/** `schema` as draft-07 revisions (2025-06-18 and before) are served it. */
const schema07 = {
  type: "object",
  definitions: { n: { type: "number" } },
  properties: { a: { $ref: "#/definitions/n" }, b: { $ref: "#/definitions/n" } },
  required: ["a", "b"],
  additionalProperties: false,
};

function adder() {
  const server = newServer();
  const handle = server.tool(
    {
      name: "add",
      title: "Add",
      description: "Adds",
      inputSchema: schema,
      outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
      annotations: { readOnlyHint: true },
      icons: [{ src: "https://example.com/add.png" }],
      execution: { taskSupport: "forbidden" },
      _meta: { "acme/x": 1 },
    },
    ({ a, b }) => {
      const sum = Number(a) + Number(b);
      return { content: [{ type: "text", text: String(sum) }], structuredContent: { sum } };
    },
  );
  return { server, handle };
}

describe("tools/list", () => {
  it("serves the schema in each revision's dialect and only the fields each revision has", async () => {
    const { server } = adder();
    const expected: Record<string, Record<string, unknown>> = {
      "2024-11-05": { name: "add", description: "Adds", inputSchema: schema07 },
      "2025-03-26": {
        name: "add",
        description: "Adds",
        inputSchema: schema07,
        annotations: { readOnlyHint: true },
      },
    };
    const full = {
      name: "add",
      title: "Add",
      description: "Adds",
      inputSchema: schema,
      outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
      annotations: { readOnlyHint: true },
      _meta: { "acme/x": 1 },
    };
    expected["2025-06-18"] = { ...full, inputSchema: schema07 };
    expected["2026-07-28"] = { ...full, icons: [{ src: "https://example.com/add.png" }] };
    // `execution` is a 2025-11-25 field only (2026-07-28 dropped it with tasks).
    expected["2025-11-25"] = { ...expected["2026-07-28"], execution: { taskSupport: "forbidden" } };
    for (const revision of allRevisions) {
      const client = await connect(server, revision);
      const result = await client.result("tools/list");
      expect(result.tools, revision).toEqual([expected[revision]]);
    }
    await server.close();
  });

  it("adds cache hints and resultType in 2026-07-28 only", async () => {
    const { server } = adder();
    const modern = await connect(server, "2026-07-28");
    const result = await modern.result("tools/list");
    expect(result).toMatchObject({ resultType: "complete", ttlMs: 60_000, cacheScope: "public" });
    const old = await connect(server, "2025-11-25");
    expect(Object.keys(await old.result("tools/list"))).toEqual(["tools"]);
    await server.close();
  });
});

describe("tools/call", () => {
  it.each(allRevisions)("unknown tool is -32602 in %s", async (revision) => {
    const { server } = adder();
    const client = await connect(server, revision);
    expect(await client.error("tools/call", { name: "nope", arguments: {} })).toEqual({
      code: -32602,
      message: "Unknown tool: nope",
      data: { name: "nope" },
    });
    await server.close();
  });

  it.each(["2024-11-05", "2025-03-26", "2025-06-18"] as const)(
    "invalid arguments are -32602 naming the field in %s",
    async (revision) => {
      const { server } = adder();
      const client = await connect(server, revision);
      expect(await client.error("tools/call", { name: "add", arguments: { a: 1 } })).toEqual({
        code: -32602,
        message: "Invalid arguments for tool add: /b is required",
        data: { pointer: "/params/arguments/b" },
      });
      expect(await client.error("tools/call", { name: "add", arguments: { a: 1, b: "x" } })).toMatchObject({
        code: -32602,
        message: "Invalid arguments for tool add: /b must be number",
      });
      await server.close();
    },
  );

  it.each(["2025-11-25", "2026-07-28"] as const)(
    "invalid arguments are an isError result in %s",
    async (revision) => {
      const { server } = adder();
      const client = await connect(server, revision);
      expect(plain(await client.result("tools/call", { name: "add", arguments: { a: 1 } }))).toEqual({
        content: [{ type: "text", text: "Invalid arguments for tool add: /b is required" }],
        isError: true,
      });
      await server.close();
    },
  );

  it.each(allRevisions)("structured content only where the revision has it (%s)", async (revision) => {
    const { server } = adder();
    const client = await connect(server, revision);
    const result = plain(await client.result("tools/call", { name: "add", arguments: { a: 1, b: 2 } }));
    expect(result).toEqual(
      revision >= "2025-06-18"
        ? { content: [{ type: "text", text: "3" }], structuredContent: { sum: 3 } }
        : { content: [{ type: "text", text: "3" }] },
    );
    await server.close();
  });

  it.each(allRevisions)(
    "a throwing handler is an isError result with its message, no stack (%s)",
    async (revision) => {
      const server = newServer();
      server.tool({ name: "boom", inputSchema: { type: "object" } }, () => {
        throw new Error("disk full");
      });
      const client = await connect(server, revision);
      expect(plain(await client.result("tools/call", { name: "boom" }))).toEqual({
        content: [{ type: "text", text: "disk full" }],
        isError: true,
      });
      await server.close();
    },
  );

  it("checks structured content against the output schema before sending it", async () => {
    const errors: Error[] = [];
    const server = newServer({ onError: (e) => errors.push(e) });
    server.tool(
      { name: "bad", inputSchema: { type: "object" }, outputSchema: { type: "object", required: ["sum"] } },
      // Wrong on purpose (`as never` past the inferred type): checked at run time too.
      () => ({ content: [], structuredContent: { total: 1 } as never }),
    );
    server.tool({ name: "none", inputSchema: { type: "object" }, outputSchema: { type: "object" } }, () => ({
      content: [{ type: "text", text: "x" }],
    }));
    const client = await connect(server, "2025-06-18");
    expect(await client.result("tools/call", { name: "bad" })).toEqual({
      content: [
        {
          type: "text",
          text: "Tool bad returned structured content that does not match its output schema: /sum is required",
        },
      ],
      isError: true,
    });
    expect(await client.result("tools/call", { name: "none" })).toEqual({
      content: [
        { type: "text", text: "Tool none declares an output schema but returned no structured content" },
      ],
      isError: true,
    });
    expect(errors).toHaveLength(2);
    await server.close();
  });

  it("accepts draft-07 schemas with definitions", async () => {
    const server = newServer();
    server.tool(
      {
        name: "d7",
        inputSchema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          definitions: { s: { type: "string", minLength: 2 } },
          properties: { s: { $ref: "#/definitions/s" } },
        },
      },
      () => ({ content: [] }),
    );
    const client = await connect(server, "2025-06-18");
    expect(await client.error("tools/call", { name: "d7", arguments: { s: "x" } })).toMatchObject({
      code: -32602,
      message: "Invalid arguments for tool d7: /s must NOT have fewer than 2 characters",
    });
    expect(await client.result("tools/call", { name: "d7", arguments: { s: "xy" } })).toEqual({
      content: [],
    });
    await server.close();
  });

  it.each(allRevisions)("content blocks a revision lacks become text (%s)", async (revision) => {
    const server = newServer();
    server.tool({ name: "media", inputSchema: { type: "object" } }, () => ({
      content: [
        { type: "image", data: "aGk=", mimeType: "image/png" },
        { type: "audio", data: "aGk=", mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///a.txt", name: "a" },
        { type: "resource", resource: { uri: "file:///b.txt", text: "b" } },
      ],
    }));
    const client = await connect(server, revision);
    const { content } = plain(await client.result("tools/call", { name: "media" })) as { content: unknown[] };
    expect(content[0]).toEqual({ type: "image", data: "aGk=", mimeType: "image/png" });
    expect(content[1]).toEqual(
      revision >= "2025-03-26"
        ? { type: "audio", data: "aGk=", mimeType: "audio/wav" }
        : { type: "text", text: "[audio (audio/wav) omitted: not supported by revision 2024-11-05]" },
    );
    expect(content[2]).toEqual(
      revision >= "2025-06-18"
        ? { type: "resource_link", uri: "file:///a.txt", name: "a" }
        : { type: "text", text: "Resource: a <file:///a.txt>" },
    );
    expect(content[3]).toEqual({ type: "resource", resource: { uri: "file:///b.txt", text: "b" } });
    await server.close();
  });
});

describe("tool handles and list_changed", () => {
  it.each(sessionRevisions)(
    "disable, enable, update and remove; one coalesced notification each (%s)",
    async (revision) => {
      const { server, handle } = adder();
      const client = await connect(server, revision);
      const names = async () =>
        ((await client.result("tools/list")).tools as { name: string }[]).map((t) => t.name);
      const changed = { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: {} };

      handle.disable();
      expect(await client.peer.drain()).toEqual([changed]);
      expect(await names()).toEqual([]);
      expect(await client.error("tools/call", { name: "add", arguments: { a: 1, b: 1 } })).toMatchObject({
        code: -32602,
      });

      handle.enable();
      handle.update({ name: "plus", description: "Adds two numbers" });
      server.tool({ name: "other", inputSchema: { type: "object" } }, () => ({ content: [] }));
      expect(await client.peer.drain()).toEqual([changed]);
      expect(await names()).toEqual(["plus", "other"]);

      handle.remove();
      expect(await client.peer.drain()).toEqual([changed]);
      expect(await names()).toEqual(["other"]);
      expect(() => handle.enable()).toThrow(/removed/);
      await server.close();
    },
  );

  it("sends nothing to a client that has not confirmed initialization", async () => {
    const { server, handle } = adder();
    const { RawPeer } = await import("./helpers.js");
    const peer = new RawPeer();
    await server.connect(peer);
    await peer.call(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    });
    handle.disable();
    expect(await peer.drain()).toEqual([]);
    await settle();
    await server.close();
  });

  it("refuses a duplicate name", () => {
    const { server } = adder();
    expect(() =>
      server.tool({ name: "add", inputSchema: { type: "object" } }, () => ({ content: [] })),
    ).toThrow(/already registered/);
  });
});
