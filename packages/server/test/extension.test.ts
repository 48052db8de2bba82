// The extension API: a third-party extension written the way tasks and skills are, declared by the
// server in both eras, its methods refused to clients that did not declare it.
import { ErrorCode } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { declaredExtensions, type Server, type ServerExtension } from "../src/index.js";
import { allRevisions, RawPeer, connect, newServer, plain, sessionRevisions, settle } from "./helpers.js";

const ECHO = "com.example/echo";

/** A small extension as a third party would write it: one method, one notification, one `_meta` key. */
function echoExtension(heard: string[] = []): ServerExtension {
  return {
    id: ECHO,
    settings: { maxLength: 64 },
    install(api) {
      const loud = api.metaKey("com.example/loud");
      api.request("echo/ping", (params, ctx) => {
        const text = String(params.text ?? "");
        return {
          echoed: loud.read(ctx.meta) === true ? text.toUpperCase() : text,
          era: ctx.era,
          settings: api.settings,
        };
      });
      api.notification("notifications/echo/heard", (params) => {
        heard.push(String(params.text));
      });
      api.capability("experimental", { "com.example/echo-beta": {} });
    },
  };
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

function serverWith(extension: ServerExtension = echoExtension()): Server {
  const server = newServer({ extensions: [extension] });
  open.push(server);
  return server;
}

const declaring = { extensions: { [ECHO]: {} } };

describe("a server declares its extensions, in both eras", () => {
  for (const revision of sessionRevisions) {
    it(`${revision}: the session declares the extension with its settings, and experimental`, async () => {
      const server = serverWith();
      const client = await connect(server, revision);
      expect(server.capabilities).toMatchObject({
        extensions: { [ECHO]: { maxLength: 64 } },
        experimental: { "com.example/echo-beta": {} },
      });
      expect(client.session.capabilities).toMatchObject({ extensions: { [ECHO]: { maxLength: 64 } } });
    });
  }

  it("2025-06-18: the initialize result carries extensions (SEP-2133 negotiates them at initialize)", async () => {
    const server = serverWith();
    const peer = new RawPeer();
    await server.connect(peer);
    const answer = (await peer.call(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    })) as { result: { capabilities: Record<string, unknown> } };
    expect(answer.result.capabilities.extensions).toEqual({ [ECHO]: { maxLength: 64 } });
    expect(answer.result.capabilities.experimental).toEqual({ "com.example/echo-beta": {} });
  });

  it("2026-07-28: server/discover carries extensions and experimental", async () => {
    const server = serverWith();
    const client = await connect(server, "2026-07-28");
    const result = await client.result("server/discover");
    expect((result.capabilities as Record<string, unknown>).extensions).toEqual({
      [ECHO]: { maxLength: 64 },
    });
    expect((result.capabilities as Record<string, unknown>).experimental).toEqual({
      "com.example/echo-beta": {},
    });
  });
});

describe("an extension's methods", () => {
  for (const revision of allRevisions) {
    it(`${revision}: serve a client that declared the extension, with the normal ctx and its _meta key`, async () => {
      const server = serverWith();
      const client = await connect(server, revision, declaring);
      expect(plain(await client.result("echo/ping", { text: "hi" }))).toEqual({
        echoed: "hi",
        era: revision === "2026-07-28" ? "stateless" : "session",
        settings: { maxLength: 64 },
      });
      expect(
        plain(await client.result("echo/ping", { text: "hi" }, { "com.example/loud": true })),
      ).toMatchObject({
        echoed: "HI",
      });
    });
  }

  // 2026-07-28, basic/index: "If processing a request requires a capability the client did not include
  // in io.modelcontextprotocol/clientCapabilities, the server MUST return a
  // MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing
  // capabilities."
  it("2026-07-28: refuse a request whose envelope does not declare the extension with -32021", async () => {
    const server = serverWith();
    const client = await connect(server, "2026-07-28", { extensions: { "org.other/thing": {} } });
    expect(await client.error("echo/ping", { text: "hi" })).toEqual({
      code: ErrorCode.MissingRequiredClientCapability,
      message: "Missing required client capability: extension com.example/echo",
      data: { requiredCapabilities: { extensions: { [ECHO]: {} } } },
    });
    // Ordinary requests of the same client are served as before.
    expect((await client.result("server/discover")).supportedVersions).toContain("2026-07-28");
  });

  for (const revision of sessionRevisions) {
    it(`${revision}: refuse a client that did not declare the extension at initialize with -32601`, async () => {
      const server = serverWith();
      const client = await connect(server, revision);
      expect(await client.error("echo/ping", { text: "hi" })).toEqual({
        code: ErrorCode.MethodNotFound,
        message: "Method not found",
        data: { method: "echo/ping", reason: "the client did not declare the extension com.example/echo" },
      });
    });
  }

  it("a method declared with requireDeclared: false serves every client", async () => {
    const server = serverWith({
      id: "com.example/open",
      install: (api) => api.request("open/hello", () => ({ ok: true }), { requireDeclared: false }),
    });
    const client = await connect(server, "2026-07-28");
    expect(plain(await client.result("open/hello"))).toEqual({ ok: true });
  });
});

describe("the peer's declaration", () => {
  it("session era: session.clientExtensions lists what initialize declared; unknown ones are ignored", async () => {
    const server = serverWith();
    const client = await connect(server, "2025-11-25", {
      extensions: { [ECHO]: { v: 2 }, "org.unknown/thing": { x: 1 } },
    });
    expect(client.session.clientExtensions).toEqual({ [ECHO]: { v: 2 }, "org.unknown/thing": { x: 1 } });
    // The unknown extension changes nothing: the known one is served.
    expect(plain(await client.result("echo/ping", { text: "a" }))).toMatchObject({ echoed: "a" });
  });

  it("2026-07-28: each request's envelope declares its own, read from ctx.client", async () => {
    const server = serverWith();
    const seen: unknown[] = [];
    server.extension({
      id: "com.example/peek",
      install: (api) =>
        api.request(
          "peek/declared",
          (_params, ctx) => {
            seen.push(declaredExtensions(ctx.client.capabilities));
            return {};
          },
          { requireDeclared: false },
        ),
    });
    const client = await connect(server, "2026-07-28", { extensions: { [ECHO]: {}, "org.unknown/x": {} } });
    await client.result("peek/declared");
    expect(seen).toEqual([{ [ECHO]: {}, "org.unknown/x": {} }]);
    expect(client.session.clientExtensions).toEqual({});
  });

  it("session era: a notification of the extension runs only for a client that declared it", async () => {
    const heard: string[] = [];
    const server = serverWith(echoExtension(heard));
    const declared = await connect(server, "2025-11-25", declaring);
    const undeclared = await connect(server, "2025-11-25");
    undeclared.peer.deliver({ jsonrpc: "2.0", method: "notifications/echo/heard", params: { text: "no" } });
    declared.peer.deliver({ jsonrpc: "2.0", method: "notifications/echo/heard", params: { text: "yes" } });
    await settle();
    expect(heard).toEqual(["yes"]);
  });
});

describe("installing", () => {
  it("refuses a malformed id, a second install, a taken method and a taken _meta key", () => {
    const server = newServer();
    open.push(server);
    expect(() => server.extension({ id: "echo", install: () => {} })).toThrow(
      'extension id "echo" is not of the form vendor-prefix/name',
    );
    server.extension(echoExtension());
    expect(() => server.extension(echoExtension())).toThrow(
      "the extension com.example/echo is already installed",
    );
    expect(() =>
      server.extension({ id: "org.b/x", install: (api) => api.request("tools/list", () => ({})) }),
    ).toThrow("extension org.b/x: the method tools/list is already handled");
    expect(() =>
      server.extension({ id: "org.c/x", install: (api) => api.metaKey("com.example/loud") }),
    ).toThrow("the _meta key com.example/loud is already claimed by com.example/echo");
  });

  it("merges an extension's capability member with the options' own, one level deep", () => {
    const server = newServer({
      capabilities: { experimental: { "org.mine/flag": {} } },
      extensions: [echoExtension()],
    });
    open.push(server);
    expect(server.capabilities.experimental).toEqual({
      "com.example/echo-beta": {},
      "org.mine/flag": {},
    });
  });

  it("builds on the server definition: a resource the extension publishes is served", async () => {
    const server = serverWith({
      id: "com.example/notes",
      install: (api) => {
        api.server.resource({ uri: "notes://readme", name: "readme" }, (uri) => ({
          contents: [{ uri, text: "hello" }],
        }));
      },
    });
    const client = await connect(server, "2026-07-28");
    expect(plain(await client.result("resources/read", { uri: "notes://readme" }))).toEqual({
      contents: [{ uri: "notes://readme", text: "hello" }],
    });
  });

  it("is off by default: a server without extensions declares none", () => {
    const server = newServer();
    open.push(server);
    expect(server.capabilities.extensions).toBeUndefined();
    expect(server.extensions.size).toBe(0);
  });
});
