import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer, plain, sessionRevisions } from "./helpers.js";

function library() {
  const server = newServer();
  const readme = server.resource(
    { uri: "file:///README.md", name: "readme", title: "Read me", mimeType: "text/markdown", size: 5 },
    (uri) => ({ contents: [{ uri, mimeType: "text/markdown", text: "# Hi" }] }),
  );
  server.resource(
    { uri: "file:///logo.png", name: "logo", cache: { ttlMs: 5000, cacheScope: "public" } },
    (uri) => ({
      contents: [{ uri, mimeType: "image/png", blob: "iVBORw0KGgo=" }],
    }),
  );
  server.resourceTemplate(
    {
      uriTemplate: "users://{id}/posts{?page}",
      name: "posts",
      complete: { id: (v) => ["alice", "bob"].filter((n) => n.startsWith(v)) },
    },
    (uri, vars) => ({ contents: [{ uri, text: JSON.stringify(vars) }] }),
  );
  return { server, readme };
}

describe("resources", () => {
  it.each(allRevisions)("lists resources and templates (%s)", async (revision) => {
    const { server } = library();
    const client = await connect(server, revision);
    const title = revision >= "2025-06-18" ? { title: "Read me" } : {};
    expect(plain(await client.result("resources/list"))).toEqual({
      resources: [
        { uri: "file:///README.md", name: "readme", ...title, mimeType: "text/markdown", size: 5 },
        { uri: "file:///logo.png", name: "logo" },
      ],
    });
    expect(plain(await client.result("resources/templates/list"))).toEqual({
      resourceTemplates: [{ uriTemplate: "users://{id}/posts{?page}", name: "posts" }],
    });
    await server.close();
  });

  it.each(allRevisions)("reads text, blobs and templates (%s)", async (revision) => {
    const { server } = library();
    const client = await connect(server, revision);
    expect(plain(await client.result("resources/read", { uri: "file:///README.md" }))).toEqual({
      contents: [{ uri: "file:///README.md", mimeType: "text/markdown", text: "# Hi" }],
    });
    expect(plain(await client.result("resources/read", { uri: "file:///logo.png" }))).toEqual({
      contents: [{ uri: "file:///logo.png", mimeType: "image/png", blob: "iVBORw0KGgo=" }],
    });
    expect(plain(await client.result("resources/read", { uri: "users://ann%20b/posts?page=2" }))).toEqual({
      contents: [{ uri: "users://ann%20b/posts?page=2", text: '{"id":"ann b","page":"2"}' }],
    });
    await server.close();
  });

  it("adds cache hints to reads in 2026-07-28, with per-resource overrides", async () => {
    const { server } = library();
    const client = await connect(server, "2026-07-28");
    expect(await client.result("resources/read", { uri: "file:///README.md" })).toMatchObject({
      ttlMs: 0,
      cacheScope: "private",
    });
    expect(await client.result("resources/read", { uri: "file:///logo.png" })).toMatchObject({
      ttlMs: 5000,
      cacheScope: "public",
    });
    await server.close();
  });

  it.each(allRevisions)("not found is -32002 up to 2025-11-25 and -32602 after (%s)", async (revision) => {
    const { server } = library();
    const client = await connect(server, revision);
    expect(await client.error("resources/read", { uri: "file:///nope" })).toEqual({
      code: revision === "2026-07-28" ? -32602 : -32002,
      message: "Resource not found: file:///nope",
      data: { uri: "file:///nope" },
    });
    await server.close();
  });

  it.each(sessionRevisions)(
    "sends updated only to subscribers, until they unsubscribe (%s)",
    async (revision) => {
      const { server } = library();
      const a = await connect(server, revision);
      const b = await connect(server, revision);
      expect(await a.result("resources/subscribe", { uri: "file:///README.md" })).toEqual({});
      expect(await a.error("resources/subscribe", { uri: "file:///missing" })).toMatchObject({
        code: -32002,
      });
      server.resourceUpdated("file:///README.md");
      server.resourceUpdated("file:///logo.png");
      const updated = {
        jsonrpc: "2.0",
        method: "notifications/resources/updated",
        params: { uri: "file:///README.md" },
      };
      expect(await a.peer.drain()).toEqual([updated]);
      expect(await b.peer.drain()).toEqual([]);
      expect(await a.result("resources/unsubscribe", { uri: "file:///README.md" })).toEqual({});
      server.resourceUpdated("file:///README.md");
      expect(await a.peer.drain()).toEqual([]);
      await server.close();
    },
  );

  it.each(sessionRevisions)("removing a resource announces resources/list_changed (%s)", async (revision) => {
    const { server, readme } = library();
    const client = await connect(server, revision);
    readme.remove();
    expect(await client.peer.drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/list_changed", params: {} },
    ]);
    await server.close();
  });

  it("has no subscribe method in 2026-07-28", async () => {
    const { server } = library();
    const client = await connect(server, "2026-07-28");
    expect(await client.error("resources/subscribe", { uri: "file:///README.md" })).toMatchObject({
      code: -32601,
    });
    await server.close();
  });

  it("lists a template's concrete resources", async () => {
    const server = newServer();
    server.resourceTemplate(
      { uriTemplate: "db://{table}", name: "table" },
      (uri) => ({ contents: [{ uri, text: "" }] }),
      {
        list: () => [{ uri: "db://users", name: "users" }],
      },
    );
    const client = await connect(server, "2025-11-25");
    expect(await client.result("resources/list")).toEqual({
      resources: [{ uri: "db://users", name: "users" }],
    });
    await server.close();
  });
});

describe("prompts", () => {
  function prompts() {
    const server = newServer();
    server.prompt(
      {
        name: "review",
        title: "Review",
        arguments: [
          {
            name: "code",
            required: true,
            complete: (v) => Array.from({ length: 150 }, (_, i) => `${v}${i}`),
          },
          { name: "style", complete: (v, { arguments: args }) => [`${v}-${args.code ?? "none"}`] },
        ],
      },
      ({ code }) => ({
        description: "A review",
        messages: [
          { role: "user", content: { type: "text", text: `Review ${code}` } },
          { role: "assistant", content: { type: "audio", data: "aGk=", mimeType: "audio/wav" } },
        ],
      }),
    );
    return server;
  }

  it.each(allRevisions)("lists and gets prompts, checking required arguments (%s)", async (revision) => {
    const server = prompts();
    const client = await connect(server, revision);
    const title = revision >= "2025-06-18" ? { title: "Review" } : {};
    expect(plain(await client.result("prompts/list"))).toEqual({
      prompts: [
        { name: "review", ...title, arguments: [{ name: "code", required: true }, { name: "style" }] },
      ],
    });
    expect(await client.error("prompts/get", { name: "review", arguments: {} })).toEqual({
      code: -32602,
      message: "Missing required argument: code",
      data: { pointer: "/params/arguments/code" },
    });
    expect(await client.error("prompts/get", { name: "nope" })).toEqual({
      code: -32602,
      message: "Unknown prompt: nope",
      data: { name: "nope" },
    });
    const audio =
      revision >= "2025-03-26"
        ? { type: "audio", data: "aGk=", mimeType: "audio/wav" }
        : { type: "text", text: "[audio (audio/wav) omitted: not supported by revision 2024-11-05]" };
    expect(plain(await client.result("prompts/get", { name: "review", arguments: { code: "x" } }))).toEqual({
      description: "A review",
      messages: [
        { role: "user", content: { type: "text", text: "Review x" } },
        { role: "assistant", content: audio },
      ],
    });
    await server.close();
  });

  it.each(allRevisions)(
    "completes arguments: at most 100 values, total, hasMore, context (%s)",
    async (revision) => {
      const server = prompts();
      const client = await connect(server, revision);
      const result = await client.result("completion/complete", {
        ref: { type: "ref/prompt", name: "review" },
        argument: { name: "code", value: "v" },
      });
      const completion = result.completion as { values: string[]; total: number; hasMore: boolean };
      expect(completion.values).toHaveLength(100);
      expect(completion.values[0]).toBe("v0");
      expect(completion).toMatchObject({ total: 150, hasMore: true });
      const ctx = revision >= "2025-06-18" ? { context: { arguments: { code: "c" } } } : {};
      expect(
        (
          await client.result("completion/complete", {
            ref: { type: "ref/prompt", name: "review" },
            argument: { name: "style", value: "s" },
            ...ctx,
          })
        ).completion,
      ).toEqual({ values: [revision >= "2025-06-18" ? "s-c" : "s-none"], total: 1, hasMore: false });
      expect(
        await client.error("completion/complete", {
          ref: { type: "ref/prompt", name: "zzz" },
          argument: { name: "a", value: "" },
        }),
      ).toMatchObject({ code: -32602, message: "Unknown prompt: zzz" });
      await server.close();
    },
  );

  it("completes template variables", async () => {
    const { server } = library();
    const client = await connect(server, "2025-11-25");
    expect(
      await client.result("completion/complete", {
        ref: { type: "ref/resource", uri: "users://{id}/posts{?page}" },
        argument: { name: "id", value: "a" },
      }),
    ).toEqual({ completion: { values: ["alice"], total: 1, hasMore: false } });
    await server.close();
  });
});
