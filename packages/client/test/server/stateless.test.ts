// 2026-07-28 specifics against @mcpkit/server: auto mode, server/discover, cache hints, and the
// listen stream invalidating cached reads.
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { connect, newServer, nextEvent } from "./setup.js";

function cachingServer(): { server: Server; reads: Record<string, number> } {
  const server = newServer({
    instructions: "stateless",
    cache: { list: { ttlMs: 60_000, cacheScope: "private" } },
  });
  const reads: Record<string, number> = {};
  const read = (uri: string) => {
    reads[uri] = (reads[uri] ?? 0) + 1;
    return { contents: [{ uri, text: `${uri} #${reads[uri]}` }] };
  };
  server.resource(
    { uri: "mem://cached", name: "cached", cache: { ttlMs: 60_000, cacheScope: "private" } },
    read,
  );
  server.resource({ uri: "mem://uncached", name: "uncached" }, read);
  server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
  return { server, reads };
}

describe("2026-07-28 against @mcpkit/server", () => {
  it("auto mode (the default) talks statelessly to it", async () => {
    const { server } = cachingServer();
    const client = await connect(server, undefined as never, { mode: "auto" });
    expect(client.era).toBe("stateless");
    expect(client.revision).toBe("2026-07-28");
    expect(client.instructions).toBe("stateless");
  });

  it("discover returns what the server offers and refreshes the capabilities", async () => {
    const { server } = cachingServer();
    const client = await connect(server, "2026-07-28");
    const result = await client.discover();
    expect(result.supportedVersions).toContain("2026-07-28");
    expect(result.instructions).toBe("stateless");
    expect(result.capabilities).toEqual({
      logging: {},
      resources: { subscribe: true, listChanged: true },
      tools: { listChanged: true },
    });
    // A prompt registered later appears after the next discover.
    server.prompt({ name: "p" }, () => ({ messages: [] }));
    await client.discover();
    expect(client.serverCapabilities).toEqual({
      logging: {},
      completions: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      tools: { listChanged: true },
    });
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(["p"]);
  });

  it("reads are cached for their ttlMs; fresh bypasses the cache; a 0 ms hint is not cached", async () => {
    const { server, reads } = cachingServer();
    const client = await connect(server, "2026-07-28");
    const first = await client.readResource("mem://cached");
    expect(first.contents).toEqual([{ uri: "mem://cached", text: "mem://cached #1" }]);
    expect(first).toMatchObject({ ttlMs: 60_000, cacheScope: "private" });
    expect((await client.readResource("mem://cached")).contents).toEqual([
      { uri: "mem://cached", text: "mem://cached #1" },
    ]);
    expect((await client.readResource("mem://cached", { fresh: true })).contents).toEqual([
      { uri: "mem://cached", text: "mem://cached #2" },
    ]);
    await client.readResource("mem://uncached");
    await client.readResource("mem://uncached");
    expect(reads).toEqual({ "mem://cached": 2, "mem://uncached": 2 });
  });

  it("cache: false turns caching off", async () => {
    const { server, reads } = cachingServer();
    const client = await connect(server, "2026-07-28", { cache: false });
    await client.readResource("mem://cached");
    await client.readResource("mem://cached");
    expect(reads["mem://cached"]).toBe(2);
  });

  it("a resourceUpdated event on a listen stream drops the cached read", async () => {
    const { server, reads } = cachingServer();
    const client = await connect(server, "2026-07-28");
    const subscription = client.listen({ resourceSubscriptions: ["mem://cached"] });
    await subscription.acknowledged;
    await client.readResource("mem://cached");
    const updated = nextEvent<{ uri: string }>((l) => client.on("resourceUpdated", l));
    server.resourceUpdated("mem://cached");
    expect(await updated).toEqual({ uri: "mem://cached" });
    expect((await client.readResource("mem://cached")).contents).toEqual([
      { uri: "mem://cached", text: "mem://cached #2" },
    ]);
    expect(reads["mem://cached"]).toBe(2);
    subscription.close();
    await subscription.ended;
  });

  it("an aborted listen signal ends the stream on both sides", async () => {
    const { server } = cachingServer();
    const client = await connect(server, "2026-07-28");
    const controller = new AbortController();
    const subscription = client.listen({ toolsListChanged: true }, { signal: controller.signal });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const [session] = [...server.sessions];
    expect(session?.listenerCount).toBe(1);
    controller.abort();
    await subscription.ended;
    const start = Date.now();
    while (session?.listenerCount !== 0 && Date.now() - start < 2_000)
      await new Promise((r) => setTimeout(r, 5));
    expect(session?.listenerCount).toBe(0);
  });
});
