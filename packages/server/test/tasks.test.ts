import { describe, expect, it } from "vitest";
import { capabilitiesFor } from "../src/server-era.js";
import { type allRevisions, connect, newServer, plain, RawPeer } from "./helpers.js";

const noop = () => ({ content: [] });
const schema = { type: "object" } as const;

describe("tasks are refused until mcpkit serves them", () => {
  it("a Server given capabilities.tasks throws", () => {
    expect(() => newServer({ capabilities: { tasks: { list: {}, cancel: {} } } })).toThrow(
      new TypeError(
        "capabilities.tasks is not supported: mcpkit does not serve tasks yet (tasks/* requests, task-augmented tools/call), so a server must not advertise them; remove capabilities.tasks",
      ),
    );
  });

  it.each(["optional", "required"] as const)("a tool with execution.taskSupport %j throws", (taskSupport) => {
    const server = newServer();
    expect(() => server.tool({ name: "t", inputSchema: schema, execution: { taskSupport } }, noop)).toThrow(
      new TypeError(
        `Tool "t" has execution.taskSupport "${taskSupport}", which is not supported: mcpkit does not serve tasks yet, so a tool's taskSupport must be "forbidden" or absent`,
      ),
    );
  });

  it('accepts taskSupport "forbidden" or none, and refuses a change to "required"', () => {
    const server = newServer();
    server.tool({ name: "a", inputSchema: schema, execution: { taskSupport: "forbidden" } }, noop);
    server.tool({ name: "b", inputSchema: schema, execution: {} }, noop);
    const handle = server.tool({ name: "c", inputSchema: schema }, noop);
    expect(() => handle.update({ execution: { taskSupport: "required" } })).toThrow(
      'Tool "c" has execution.taskSupport "required", which is not supported',
    );
    expect(handle.definition.execution).toBeUndefined();
  });
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
