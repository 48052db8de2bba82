// Resources against @mcpkit/server, in every revision: list, templates, read (text and blob), not
// found, subscriptions (resources/subscribe in the session era, subscriptions/listen in 2026-07-28).
import { ErrorCode, LocalError, McpError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer, nextEvent, sessionRevisions, settle } from "./setup.js";

function resourceServer(): Server {
  const server = newServer({ pageSize: 2 });
  server.resource({ uri: "mem://a", name: "a", mimeType: "text/plain" }, (uri) => ({
    contents: [{ uri, mimeType: "text/plain", text: "A" }],
  }));
  server.resource({ uri: "mem://b", name: "b", mimeType: "application/octet-stream" }, (uri) => ({
    contents: [{ uri, mimeType: "application/octet-stream", blob: "AAEC" }],
  }));
  server.resource({ uri: "mem://c", name: "c" }, (uri) => ({ contents: [{ uri, text: "C" }] }));
  server.resourceTemplate(
    { uriTemplate: "notes://{id}", name: "note", mimeType: "text/plain" },
    (uri, { id }) => ({
      contents: [{ uri, mimeType: "text/plain", text: `note ${String(id)}` }],
    }),
  );
  server.resourceTemplate({ uriTemplate: "users://{id}/profile", name: "profile" }, (uri, { id }) => ({
    contents: [{ uri, text: `profile ${String(id)}` }],
  }));
  server.resourceTemplate({ uriTemplate: "files{/path*}", name: "files" }, (uri) => ({
    contents: [{ uri, text: "file" }],
  }));
  return server;
}

describe.each(allRevisions)("resources at %s", (revision: Revision) => {
  const notFound = revision === "2026-07-28" ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;

  it("lists every page of resources and templates", async () => {
    const client = await connect(resourceServer(), revision);
    const page = await client.listResourcesPage();
    expect(page.items.map((r) => r.uri)).toEqual(["mem://a", "mem://b"]);
    expect(typeof page.nextCursor).toBe("string");
    expect(await client.listResources()).toEqual([
      { uri: "mem://a", name: "a", mimeType: "text/plain" },
      { uri: "mem://b", name: "b", mimeType: "application/octet-stream" },
      { uri: "mem://c", name: "c" },
    ]);
    expect(await client.listResourceTemplates()).toEqual([
      { uriTemplate: "notes://{id}", name: "note", mimeType: "text/plain" },
      { uriTemplate: "users://{id}/profile", name: "profile" },
      { uriTemplate: "files{/path*}", name: "files" },
    ]);
    const templatePage = await client.listResourceTemplatesPage();
    expect(templatePage.items).toHaveLength(2);
    expect(typeof templatePage.nextCursor).toBe("string");
  });

  it("reads text and blob resources, and templated ones", async () => {
    const client = await connect(resourceServer(), revision);
    expect((await client.readResource("mem://a")).contents).toEqual([
      { uri: "mem://a", mimeType: "text/plain", text: "A" },
    ]);
    expect((await client.readResource("mem://b")).contents).toEqual([
      { uri: "mem://b", mimeType: "application/octet-stream", blob: "AAEC" },
    ]);
    expect((await client.readResource("notes://welcome")).contents).toEqual([
      { uri: "notes://welcome", mimeType: "text/plain", text: "note welcome" },
    ]);
    expect((await client.readResource("users://42/profile")).contents).toEqual([
      { uri: "users://42/profile", text: "profile 42" },
    ]);
  });

  it(`an unknown resource is McpError ${notFound}`, async () => {
    const client = await connect(resourceServer(), revision);
    const error = await client.readResource("mem://missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: notFound });
  });
});

describe.each(sessionRevisions)("resource subscriptions at %s", (revision: Revision) => {
  it("subscribe, resourceUpdated for the subscribed URI only, unsubscribe", async () => {
    const server = resourceServer();
    const client = await connect(server, revision);
    const updates: string[] = [];
    client.on("resourceUpdated", ({ uri }) => updates.push(uri));
    await client.subscribeResource("mem://a");
    const first = nextEvent<{ uri: string }>((l) => client.on("resourceUpdated", l));
    server.resourceUpdated("mem://b"); // not subscribed
    server.resourceUpdated("mem://a");
    expect(await first).toEqual({ uri: "mem://a" });
    await client.unsubscribeResource("mem://a");
    server.resourceUpdated("mem://a");
    await client.ping(); // a round trip: anything sent before its answer has arrived
    await settle();
    expect(updates).toEqual(["mem://a"]);
  });

  it("subscribing to an unknown resource is McpError -32002", async () => {
    const client = await connect(resourceServer(), revision);
    const error = await client.subscribeResource("mem://missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.ResourceNotFound });
  });
});

describe("resource subscriptions at 2026-07-28", () => {
  it("resources/subscribe is unavailable locally", async () => {
    const client = await connect(resourceServer(), "2026-07-28");
    await expect(client.subscribeResource("mem://a")).rejects.toBeInstanceOf(LocalError);
    await expect(client.subscribeResource("mem://a")).rejects.toMatchObject({ code: "method_unavailable" });
    await expect(client.unsubscribeResource("mem://a")).rejects.toMatchObject({ code: "method_unavailable" });
  });

  it("listen() is acknowledged and delivers resourceUpdated for its URIs only, until closed", async () => {
    const server = resourceServer();
    const client = await connect(server, "2026-07-28");
    const updates: string[] = [];
    client.on("resourceUpdated", ({ uri }) => updates.push(uri));
    const subscription = client.listen({ resourceSubscriptions: ["mem://a"] });
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: ["mem://a"] });
    const first = nextEvent<{ uri: string }>((l) => client.on("resourceUpdated", l));
    server.resourceUpdated("mem://b");
    server.resourceUpdated("mem://a");
    expect(await first).toEqual({ uri: "mem://a" });
    subscription.close();
    await subscription.ended;
    await settle();
    server.resourceUpdated("mem://a");
    await settle();
    expect(updates).toEqual(["mem://a"]);
  });

  it("a listen stream ends when the server closes", async () => {
    const server = resourceServer();
    const client = await connect(server, "2026-07-28");
    const subscription = client.listen({ resourcesListChanged: true });
    expect(await subscription.acknowledged).toEqual({ resourcesListChanged: true });
    await server.close();
    await expect(subscription.ended).resolves.toBeUndefined();
  });
});
