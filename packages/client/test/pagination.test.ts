import { afterEach, describe, expect, it } from "vitest";
import { Client, ClientError } from "../src/index.js";
import { scriptedSessionServer } from "./helpers/raw-peer.js";
import { clientInfo } from "./helpers/servers.js";

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
});

async function sloppy(
  answers: Parameters<typeof scriptedSessionServer>[1],
  options: { maxPages?: number } = {},
) {
  const transport = scriptedSessionServer("2025-06-18", answers, {
    tools: {},
    resources: {},
    prompts: {},
    completions: {},
  });
  client = new Client({ clientInfo, mode: "session", ...options });
  await client.connect(transport);
  return { client, transport };
}

describe("tolerant pagination", () => {
  it("a null nextCursor ends the list", async () => {
    const { client } = await sloppy({
      "tools/list": () => ({ tools: [{ name: "a", inputSchema: { type: "object" } }], nextCursor: null }),
    });
    expect((await client.listTools()).map((t) => t.name)).toEqual(["a"]);
  });

  it("an empty-string nextCursor ends the list", async () => {
    const { client, transport } = await sloppy({
      "prompts/list": () => ({ prompts: [{ name: "p" }], nextCursor: "" }),
    });
    expect(await client.listPrompts()).toEqual([{ name: "p" }]);
    expect(transport.methods().filter((m) => m === "prompts/list")).toHaveLength(1);
  });

  it("missing optional fields and even a missing list are fine", async () => {
    const { client } = await sloppy({
      "resources/list": () => ({}),
      "resources/read": () => ({}),
      "prompts/get": () => ({}),
      "completion/complete": () => ({ completion: {} }),
    });
    expect(await client.listResources()).toEqual([]);
    expect((await client.readResource("x:/")).contents).toEqual([]);
    expect((await client.getPrompt({ name: "p" })).messages).toEqual([]);
    expect(
      (await client.complete({ ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } }))
        .completion.values,
    ).toEqual([]);
  });

  it("follows cursors across pages and stops at maxPages", async () => {
    let n = 0;
    const { client } = await sloppy(
      {
        "resources/templates/list": () => ({
          resourceTemplates: [{ uriTemplate: `t${++n}`, name: "t" }],
          nextCursor: `c${n}`,
        }),
      },
      { maxPages: 4 },
    );
    const error = await client.listResourceTemplates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).code).toBe("too_many_pages");
    expect(((error as ClientError).data as { items: unknown[] }).items).toHaveLength(4);
    expect(await client.listResourceTemplates({ maxPages: 1 }).catch((e: ClientError) => e.code)).toBe(
      "too_many_pages",
    );
  });

  it("stops a server that repeats its cursor", async () => {
    const { client } = await sloppy({ "tools/list": () => ({ tools: [], nextCursor: "same" }) });
    await expect(client.listTools()).rejects.toMatchObject({ code: "too_many_pages" });
  });

  it("fetches single pages with a cursor", async () => {
    const { client, transport } = await sloppy({
      "tools/list": (params) =>
        params.cursor
          ? { tools: [{ name: "b", inputSchema: { type: "object" } }], nextCursor: null }
          : { tools: [], nextCursor: "next" },
    });
    const first = await client.listToolsPage();
    expect(first).toEqual({ items: [], nextCursor: "next" });
    const second = await client.listToolsPage(first.nextCursor);
    expect(second.nextCursor).toBeUndefined();
    expect(second.items.map((t) => t.name)).toEqual(["b"]);
    const sent = transport.sent
      .filter((m) => m.method === "tools/list")
      .map((m) => (m.params as { cursor?: string } | undefined)?.cursor);
    expect(sent).toEqual([undefined, "next"]);
  });
});
