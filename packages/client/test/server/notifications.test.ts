// List-changed notifications from @mcpkit/server: `list_changed` in the session era, listen-stream
// events in 2026-07-28. Each refreshes the client's cached list and fires the matching event.
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { Client } from "../../src/index.js";
import { allRevisions, connect, newServer, nextEvent, settle } from "./setup.js";

function listingServer(): Server {
  const server = newServer({ pageSize: 1 });
  server.tool({ name: "one", inputSchema: { type: "object" } }, () => ({ content: [] }));
  server.prompt({ name: "p1" }, () => ({ messages: [] }));
  server.resource({ uri: "mem://r1", name: "r1" }, (uri) => ({ contents: [{ uri, text: "1" }] }));
  return server;
}

/** In 2026-07-28 change events arrive on a listen stream; open one for every list. */
async function watch(client: Client, revision: Revision): Promise<void> {
  if (revision !== "2026-07-28") return;
  const subscription = client.listen({
    toolsListChanged: true,
    promptsListChanged: true,
    resourcesListChanged: true,
  });
  expect(await subscription.acknowledged).toEqual({
    toolsListChanged: true,
    promptsListChanged: true,
    resourcesListChanged: true,
  });
}

describe.each(allRevisions)("list changes at %s", (revision: Revision) => {
  it("registering a tool refreshes the listed tools and fires toolsChanged", async () => {
    const server = listingServer();
    const client = await connect(server, revision);
    await watch(client, revision);
    expect((await client.listTools()).map((t) => t.name)).toEqual(["one"]);
    const changed = nextEvent<{ tools?: { name: string }[] }>((l) => client.on("toolsChanged", l));
    server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({
      content: [{ type: "text", text: "2" }],
    }));
    expect((await changed).tools?.map((t) => t.name)).toEqual(["one", "two"]);
    // The cached list (2026-07-28 caches it for its ttl) was dropped: a new listing sees the change.
    expect((await client.listTools()).map((t) => t.name)).toEqual(["one", "two"]);
    expect((await client.callTool({ name: "two" })).content).toEqual([{ type: "text", text: "2" }]);
  });

  it("disabling and removing tools are announced too, coalesced per tick", async () => {
    const server = listingServer();
    const two = server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const client = await connect(server, revision);
    await watch(client, revision);
    await client.listTools();
    const events: (string[] | undefined)[] = [];
    client.on("toolsChanged", ({ tools }) => events.push(tools?.map((t) => t.name)));
    const changed = nextEvent<unknown>((l) => client.on("toolsChanged", l));
    two.disable();
    two.enable();
    two.remove();
    await changed;
    await settle(50);
    expect(events).toEqual([["one"]]);
  });

  it("prompts and resources changes refresh their lists and fire their events", async () => {
    const server = listingServer();
    const client = await connect(server, revision);
    await watch(client, revision);
    await client.listPrompts();
    await client.listResources();
    const prompts = nextEvent<{ prompts?: { name: string }[] }>((l) => client.on("promptsChanged", l));
    const resources = nextEvent<{ resources?: { uri: string }[] }>((l) => client.on("resourcesChanged", l));
    server.prompt({ name: "p2" }, () => ({ messages: [] }));
    server.resource({ uri: "mem://r2", name: "r2" }, (uri) => ({ contents: [{ uri, text: "2" }] }));
    expect((await prompts).prompts?.map((p) => p.name)).toEqual(["p1", "p2"]);
    expect((await resources).resources?.map((r) => r.uri)).toEqual(["mem://r1", "mem://r2"]);
  });

  it("a list never listed is not fetched: the event carries no list", async () => {
    const server = listingServer();
    const client = await connect(server, revision);
    await watch(client, revision);
    const changed = nextEvent<{ tools?: unknown[] }>((l) => client.on("toolsChanged", l));
    server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({ content: [] }));
    expect(await changed).toEqual({});
  });

  it("with refreshOnListChanged: false the event fires without a refresh", async () => {
    const server = listingServer();
    const client = await connect(server, revision, { refreshOnListChanged: false });
    await watch(client, revision);
    await client.listTools();
    const changed = nextEvent<{ tools?: unknown[] }>((l) => client.on("toolsChanged", l));
    server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({ content: [] }));
    expect(await changed).toEqual({});
    expect((await client.listTools()).map((t) => t.name)).toEqual(["one", "two"]);
  });
});

describe("list changes at 2026-07-28 without a listen stream", () => {
  it("no events arrive, and the cached list is served until its ttl", async () => {
    const server = listingServer();
    const client = await connect(server, "2026-07-28");
    let events = 0;
    client.on("toolsChanged", () => events++);
    await client.listTools();
    server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({ content: [] }));
    await settle(50);
    expect(events).toBe(0);
    expect((await client.listTools()).map((t) => t.name)).toEqual(["one"]);
    expect((await client.listTools({ fresh: true })).map((t) => t.name)).toEqual(["one", "two"]);
  });

  it("a listen stream only carries what its filter asked for", async () => {
    const server = listingServer();
    const client = await connect(server, "2026-07-28");
    const subscription = client.listen({ promptsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ promptsListChanged: true });
    let tools = 0;
    client.on("toolsChanged", () => tools++);
    const prompts = nextEvent<unknown>((l) => client.on("promptsChanged", l));
    server.tool({ name: "two", inputSchema: { type: "object" } }, () => ({ content: [] }));
    server.prompt({ name: "p2" }, () => ({ messages: [] }));
    expect(await prompts).toEqual({});
    await settle(50);
    expect(tools).toBe(0);
  });
});
