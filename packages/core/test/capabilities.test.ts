import { describe, expect, it } from "vitest";
import { capabilityFor, gateOwner, hasCapability, SessionClientEra } from "../src/index.js";
import { clientInfo, initializedServer, serverInfo, sessionPair } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("hasCapability", () => {
  it("follows a dotted path; {} and true declare, false/null/absent do not", () => {
    const caps = {
      tools: {},
      resources: { subscribe: true, listChanged: false },
      logging: null,
      sampling: { tools: {} },
    };
    expect(hasCapability(caps, "tools")).toBe(true);
    expect(hasCapability(caps, "resources.subscribe")).toBe(true);
    expect(hasCapability(caps, "resources.listChanged")).toBe(false);
    expect(hasCapability(caps, "logging")).toBe(false);
    expect(hasCapability(caps, "prompts")).toBe(false);
    expect(hasCapability(caps, "sampling.tools")).toBe(true);
    expect(hasCapability(caps, "tools.listChanged")).toBe(false);
    expect(hasCapability(undefined, "tools")).toBe(false);
    expect(hasCapability({ tools: "yes" }, "tools.listChanged")).toBe(false);
    expect(hasCapability({ toString: {} }, "constructor")).toBe(false);
  });

  it("builds the smallest declaring object and tells whose declaration a gate checks", () => {
    expect(capabilityFor("elicitation.url")).toEqual({ elicitation: { url: {} } });
    expect(gateOwner({ side: "server", path: "tools" }, "client")).toBe("receiver");
    expect(gateOwner({ side: "server", path: "tools.listChanged" }, "server")).toBe("sender");
    expect(gateOwner({ side: "receiver", path: "tasks.list" }, "server")).toBe("receiver");
  });
});

describe("capability gates on sending", () => {
  it("a client does not ask for what the server did not declare", async () => {
    const { client } = await sessionPair({ serverCapabilities: { resources: {} } });
    await expect(client.request("resources/subscribe", { uri: "file:///a" })).rejects.toMatchObject({
      name: "LocalError",
      code: "capability_missing",
      message:
        'the server did not declare the capability "resources.subscribe" that resources/subscribe needs',
    });
    await expect(client.request("tools/list")).rejects.toMatchObject({ code: "capability_missing" });
  });

  it("a server does not ask for what the client did not declare", async () => {
    const { server } = await sessionPair({ clientCapabilities: { roots: {} } });
    await expect(
      server.request("sampling/createMessage", { messages: [], maxTokens: 10 }),
    ).rejects.toMatchObject({
      code: "capability_missing",
      message: 'the client did not declare the capability "sampling" that sampling/createMessage needs',
    });
  });

  it("a side does not send notifications of a capability it did not declare itself", async () => {
    const { client, server } = await sessionPair({
      serverCapabilities: { tools: {} },
      clientCapabilities: { roots: {} },
    });
    await expect(server.notify("notifications/tools/list_changed")).rejects.toMatchObject({
      name: "LocalError",
      code: "capability_not_declared",
      message:
        'this server did not declare the capability "tools.listChanged" that notifications/tools/list_changed needs',
    });
    await expect(server.notify("notifications/message", { level: "info", data: "x" })).rejects.toMatchObject({
      code: "capability_not_declared",
    });
    await expect(client.notify("notifications/roots/list_changed")).rejects.toMatchObject({
      code: "capability_not_declared",
    });
  });

  it("lets declared features through in both directions", async () => {
    const seen: string[] = [];
    const { client, server } = await sessionPair({
      serverCapabilities: { tools: { listChanged: true }, resources: { subscribe: true } },
      clientCapabilities: { roots: { listChanged: true } },
    });
    server.setRequestHandler("resources/subscribe", () => ({}));
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      seen.push("tools changed");
    });
    await expect(client.request("resources/subscribe", { uri: "file:///a" })).resolves.toEqual({});
    await server.notify("notifications/tools/list_changed");
    await client.notify("notifications/roots/list_changed");
    await client.request("ping");
    expect(seen).toEqual(["tools changed"]);
  });
});

describe("capability gates on receiving", () => {
  it("a server answers -32601 for a feature it did not advertise, even with a handler", async () => {
    const { peer, connection } = await initializedServer("2025-11-25", { tools: {} });
    connection.setRequestHandler("resources/list", () => ({ resources: [] }));
    connection.setRequestHandler("resources/subscribe", () => ({}));
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: "resources/list" });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32601,
        message: "Method not found",
        data: { method: "resources/list", capability: "resources" },
      },
    });
  });

  it("a client answers -32601 for a feature it did not advertise", async () => {
    const era = new SessionClientEra({ clientInfo, capabilities: { roots: {} } });
    const { peer, connection } = await withRawPeer({ era });
    connection.setRequestHandler("sampling/createMessage", () => ({}));
    const opened = era.initialize();
    await peer.next();
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo },
    });
    await opened;
    await peer.drain();
    peer.send({
      jsonrpc: "2.0",
      id: "s1",
      method: "sampling/createMessage",
      params: { messages: [], maxTokens: 1 },
    });
    expect(await peer.next()).toEqual({
      jsonrpc: "2.0",
      id: "s1",
      error: {
        code: -32601,
        message: "Method not found",
        data: { method: "sampling/createMessage", capability: "sampling" },
      },
    });
  });
});
