// Extensions end to end: a client and a server, each with its own side of a small third-party
// extension, over the in-memory pair in both eras.
import { ErrorCode, McpError } from "@mcpkit/core";
import { declaredExtensions, type ServerExtension, type ServerSession } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { ClientExtension } from "../../src/index.js";
import { allRevisions, connect, newServer, sessionRevisions, until } from "./setup.js";

const ECHO = "com.example/echo";

const serverEcho: ServerExtension = {
  id: ECHO,
  settings: { maxLength: 64 },
  install(api) {
    api.request("echo/ping", (params, ctx) => ({
      echoed: String(params.text ?? ""),
      clientSettings: declaredExtensions(ctx.client.capabilities)[ECHO] ?? null,
    }));
  },
};

function clientEcho(heard: string[] = []): ClientExtension {
  return {
    id: ECHO,
    settings: { voice: "low" },
    install(api) {
      api.request("echo/reverse", (params) => ({ reversed: [...String(params.text)].reverse().join("") }));
      api.notification("notifications/echo/said", (params) => {
        heard.push(String(params.text));
      });
      api.capability("experimental", { "com.example/echo-client": {} });
    },
  };
}

describe("each side asks what the other declared", () => {
  for (const revision of allRevisions) {
    it(`${revision}: client.serverExtensions and the client's declaration reach the other side`, async () => {
      const server = newServer({ extensions: [serverEcho] });
      const client = await connect(server, revision, { extensions: [clientEcho()] });
      expect(client.serverExtensions).toEqual({ [ECHO]: { maxLength: 64 } });
      expect(client.capabilities).toMatchObject({
        extensions: { [ECHO]: { voice: "low" } },
        experimental: { "com.example/echo-client": {} },
      });
      expect(await client.request("echo/ping", { text: "hi" })).toMatchObject({
        echoed: "hi",
        clientSettings: { voice: "low" },
      });
      if (revision !== "2026-07-28") {
        const [session] = [...server.sessions] as ServerSession[];
        expect(session?.clientExtensions).toEqual({ [ECHO]: { voice: "low" } });
      }
    });
  }

  it("a server that declares nothing gives an empty serverExtensions; experimental is declared", async () => {
    const server = newServer();
    const client = await connect(server, "2026-07-28", { experimental: { "com.example/beta": {} } });
    expect(client.serverExtensions).toEqual({});
    expect(client.capabilities).toEqual({ experimental: { "com.example/beta": {} } });
  });
});

describe("a method of an extension the client did not declare is refused", () => {
  it("2026-07-28: -32021 Missing required client capability", async () => {
    const server = newServer({ extensions: [serverEcho] });
    const client = await connect(server, "2026-07-28");
    const error = await client.request("echo/ping", { text: "hi" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.MissingRequiredClientCapability);
    expect((error as McpError).data).toEqual({ requiredCapabilities: { extensions: { [ECHO]: {} } } });
  });

  for (const revision of sessionRevisions) {
    it(`${revision}: -32601 Method not found`, async () => {
      const server = newServer({ extensions: [serverEcho] });
      const client = await connect(server, revision);
      const error = await client.request("echo/ping", { text: "hi" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
    });
  }
});

describe("a client extension's handlers (session era: the server sends requests)", () => {
  it("answers the server's request and hears its notification when the server declared the extension", async () => {
    const heard: string[] = [];
    const server = newServer({ extensions: [serverEcho] });
    await connect(server, "2025-11-25", { extensions: [clientEcho(heard)] });
    const [session] = [...server.sessions] as ServerSession[];
    expect(await session?.connection.request("echo/reverse", { text: "abc" })).toEqual({ reversed: "cba" });
    await session?.connection.notify("notifications/echo/said", { text: "hello" });
    await until(() => heard.length === 1);
    expect(heard).toEqual(["hello"]);
  });

  it("refuses the request with -32601 when the server did not declare the extension", async () => {
    const heard: string[] = [];
    const server = newServer();
    await connect(server, "2025-11-25", { extensions: [clientEcho(heard)] });
    const [session] = [...server.sessions] as ServerSession[];
    const error = await session?.connection.request("echo/reverse", { text: "abc" }).catch((e: unknown) => e);
    expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
    expect((error as McpError).data).toEqual({
      method: "echo/reverse",
      reason: "the server did not declare the extension com.example/echo",
    });
  });
});
