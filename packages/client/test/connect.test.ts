import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Client, ClientError } from "../src/index.js";
import { ScriptedTransport, scriptedSessionServer } from "./helpers/raw-peer.js";
import {
  adaptiveServer,
  clientInfo,
  revisionsUnderTest,
  serverFor,
  serverInfo,
  sessionServer,
  statelessServer,
} from "./helpers/servers.js";

const clients: Client[] = [];
function newClient(options: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  const client = new Client({ clientInfo, validateOutbound: true, ...options });
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

describe("auto mode", () => {
  for (const revision of revisionsUnderTest) {
    it(`settles on ${revision} with a ${revision} server`, async () => {
      const { transport } = await serverFor(revision);
      const client = newClient();
      await client.connect(transport);
      expect(client.revision).toBe(revision);
      expect(client.era).toBe(revision === "2026-07-28" ? "stateless" : "session");
      expect(client.serverInfo).toEqual(serverInfo);
      expect(client.serverCapabilities).toHaveProperty("tools");
      expect(client.instructions).toBe(revision === "2026-07-28" ? "Be stateless." : "Be kind.");
    });
  }

  it("talks statelessly to a server of both eras", async () => {
    const { transport } = await adaptiveServer();
    const client = newClient();
    await client.connect(transport);
    expect(client.era).toBe("stateless");
    expect(await client.listTools()).toHaveLength(3);
  });

  it("probes with the 2026 envelope, then initializes on the same connection after an error", async () => {
    const transport = scriptedSessionServer("2025-06-18");
    const client = newClient();
    await client.connect(transport);
    expect(client.revision).toBe("2025-06-18");
    expect(transport.methods()).toEqual(["server/discover", "initialize", "notifications/initialized"]);
    const probe = transport.sent[0] as { params: { _meta: Record<string, unknown> } };
    expect(probe.params._meta["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
  });

  it("treats a probe with no answer as an older server (after probeTimeoutMs)", async () => {
    const transport = new ScriptedTransport((message, peer) => {
      if (message.method === "initialize")
        peer.reply(message, {
          protocolVersion: "2024-11-05",
          capabilities: {},
          serverInfo: { name: "old", version: "1" },
        });
    });
    const client = newClient({ probeTimeoutMs: 50 });
    await client.connect(transport);
    expect(client.revision).toBe("2024-11-05");
  });

  it("reconnects through a transport factory when the server exits on the probe", async () => {
    const made: ScriptedTransport[] = [];
    const factory = () => {
      const transport = new ScriptedTransport((message, peer) => {
        if (message.method === "server/discover") peer.hangUp();
        if (message.method === "initialize")
          peer.reply(message, {
            protocolVersion: "2025-03-26",
            capabilities: {},
            serverInfo: { name: "strict", version: "1" },
          });
      });
      made.push(transport);
      return transport;
    };
    const client = newClient();
    await client.connect(factory);
    expect(client.revision).toBe("2025-03-26");
    expect(made).toHaveLength(2);
    expect(made[1]?.methods()).toEqual(["initialize", "notifications/initialized"]);
  });

  it("says what to do when the server exits on the probe and there is no factory", async () => {
    const transport = new ScriptedTransport((message, peer) => {
      if (message.method === "server/discover") peer.hangUp();
    });
    const error = await newClient()
      .connect(transport)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe("connection_closed");
    expect((error as Error).message).toMatch(/transport factory/);
  });

  it("falls back when the DiscoverResult does not list our revision", async () => {
    const transport = new ScriptedTransport((message, peer) => {
      if (message.method === "server/discover")
        peer.reply(message, {
          supportedVersions: ["2025-11-25"],
          capabilities: {},
          ttlMs: 0,
          cacheScope: "public",
        });
      if (message.method === "initialize")
        peer.reply(message, {
          protocolVersion: "2025-11-25",
          capabilities: {},
          serverInfo: { name: "mixed", version: "1" },
        });
    });
    const client = newClient();
    await client.connect(transport);
    expect(client.revision).toBe("2025-11-25");
  });
});

describe("unsupported versions", () => {
  it("refuses a server that answers initialize with an unknown version, and disconnects", async () => {
    const transport = new ScriptedTransport((message, peer) => {
      if (message.method === "initialize")
        peer.reply(message, {
          protocolVersion: "1999-01-01",
          capabilities: {},
          serverInfo: { name: "odd", version: "1" },
        });
      if (message.method === "server/discover") peer.fail(message, -32601, "Method not found");
    });
    const error = await newClient()
      .connect(transport)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe("version_rejected");
    expect((error as Error).message).toMatch(/1999-01-01/);
    expect(transport.isOpen).toBe(false);
  });

  it("refuses a server that rejects our version and then fails initialize", async () => {
    const transport = new ScriptedTransport((message, peer) => {
      if (message.method === "server/discover")
        peer.fail(message, -32022, "Unsupported protocol version", { supported: ["2027-01-01"] });
      if (message.method === "initialize") peer.fail(message, -32601, "Method not found");
    });
    const error = await newClient()
      .connect(transport)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).code).toBe("no_common_revision");
    expect(transport.isOpen).toBe(false);
  });

  it("a pinned revision the server does not speak is refused with a clear error", async () => {
    const { transport } = await sessionServer(["2025-06-18"]);
    const error = await newClient({ revision: "2025-11-25" })
      .connect(transport)
      .catch((e: unknown) => e);
    expect((error as LocalError).code).toBe("version_rejected");
  });

  it("stateless-only against a session server fails and closes", async () => {
    const { transport } = await sessionServer();
    const error = await newClient({ mode: "stateless", probeTimeoutMs: 100 })
      .connect(transport)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(transport.closed).toBeDefined();
  });
});

describe("pinned and session-only", () => {
  it("session mode sends initialize first, never the probe", async () => {
    const transport = scriptedSessionServer("2025-11-25");
    const client = newClient({ mode: "session" });
    await client.connect(transport);
    expect(transport.methods()[0]).toBe("initialize");
  });

  it("a pinned session revision asks for exactly that one", async () => {
    const { transport } = await sessionServer();
    const client = newClient({ revision: "2025-03-26" });
    await client.connect(transport);
    expect(client.revision).toBe("2025-03-26");
  });

  it("a pinned stateless revision talks statelessly", async () => {
    const { transport } = await statelessServer();
    const client = newClient({ revision: "2026-07-28" });
    await client.connect(transport);
    expect(client.era).toBe("stateless");
  });

  it("connect twice is an error; methods before connect too", async () => {
    const client = newClient();
    await expect(client.listTools()).rejects.toMatchObject({ code: "not_connected" });
    // A rejection, not a throw, though callTool is not async.
    const call = client.callTool({ name: "echo" });
    await expect(call).rejects.toMatchObject({ code: "not_connected" });
    const { transport } = await statelessServer();
    await client.connect(transport);
    await expect(client.connect(transport)).rejects.toMatchObject({ code: "not_connected" });
  });

  it("emits close when the server goes away", async () => {
    const { transport, server } = await sessionServer();
    const client = newClient();
    await client.connect(transport);
    const closed = new Promise((resolve) => client.on("close", resolve));
    await server.close();
    await closed;
    await expect(client.ping()).rejects.toMatchObject({ code: "connection_closed" });
  });
});
