import { describe, expect, it } from "vitest";
import { capabilitiesFor } from "../src/server-era.js";
import { type allRevisions, connect, newServer, plain, RawPeer } from "./helpers.js";

const noop = () => ({ content: [] });
const schema = { type: "object" } as const;

describe("tasks are served (2025-11-25)", () => {
  it("a Server given capabilities.tasks declares them", () => {
    const server = newServer({ capabilities: { tasks: { list: {}, cancel: {} } } });
    expect(server.capabilities.tasks).toEqual({ list: {}, cancel: {} });
  });

  it.each(["optional", "required", "forbidden"] as const)(
    "a tool may declare execution.taskSupport %j",
    (taskSupport) => {
      const server = newServer();
      const handle = server.tool({ name: "t", inputSchema: schema, execution: { taskSupport } }, noop);
      expect(handle.definition.execution).toEqual({ taskSupport });
    },
  );
});

describe("capabilities a revision does not have are never sent", () => {
  function server() {
    const s = newServer({
      capabilities: { experimental: { acme: {} }, extensions: { "io.acme/x": {} }, acme: { on: true } },
    });
    s.prompt({ name: "p" }, () => ({ messages: [] }));
    return s;
  }

  async function advertised(revision: (typeof allRevisions)[number]) {
    const s = server();
    let capabilities: unknown;
    if (revision === "2026-07-28") {
      const client = await connect(s, revision);
      capabilities = plain(await client.result("server/discover")).capabilities;
    } else {
      const peer = new RawPeer();
      await s.connect(peer);
      const answer = (await peer.call(1, "initialize", {
        protocolVersion: revision,
        capabilities: {},
        clientInfo: { name: "c", version: "1" },
      })) as { result: { capabilities: unknown } };
      capabilities = answer.result.capabilities;
    }
    await s.close();
    return capabilities;
  }

  it("filters the server's capabilities by the schema of the client's revision", async () => {
    // extensions go to every revision: SEP-2133 negotiates them at initialize too.
    const base = {
      experimental: { acme: {} },
      extensions: { "io.acme/x": {} },
      logging: {},
      prompts: { listChanged: true },
    };
    expect(await advertised("2024-11-05")).toEqual(base);
    expect(await advertised("2025-03-26")).toEqual({ ...base, completions: {} });
    expect(await advertised("2025-06-18")).toEqual({ ...base, completions: {} });
    expect(await advertised("2025-11-25")).toEqual({ ...base, completions: {} });
    expect(await advertised("2026-07-28")).toEqual({ ...base, completions: {} });
  });
});

describe("capabilitiesFor", () => {
  it("drops tasks at 2026-07-28, where the field no longer exists, and keeps it at 2025-11-25", () => {
    const capabilities = { tasks: { list: {} }, tools: {} };
    expect(capabilitiesFor("2025-11-25", capabilities)).toEqual(capabilities);
    expect(capabilitiesFor("2026-07-28", capabilities)).toEqual({ tools: {} });
    expect(capabilitiesFor("2025-06-18", capabilities)).toEqual({ tools: {} });
  });
});
