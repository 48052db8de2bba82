import {
  type Connection,
  type JsonRpcPayload,
  type SendOptions,
  SessionServerEra,
  StatelessServerEra,
  type Transport,
} from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Client, ClientError } from "../src/index.js";
import { clientInfo, fullCapabilities, serve, serverInfo } from "./helpers/servers.js";

// callTool mirrors x-mcp-header arguments into Mcp-Param-* headers, handed to the transport with
// the request (SendOptions.headers); the HTTP end-to-end test is in @mcpkit/transport-http.

const b64 = (text: string) => `=?base64?${Buffer.from(text, "utf8").toString("base64")}?=`;

const tools = [
  {
    name: "mirrored",
    inputSchema: {
      type: "object",
      properties: {
        region: { type: "string", "x-mcp-header": "Region" },
        priority: { type: "integer", "x-mcp-header": "Priority" },
        verbose: { type: "boolean", "x-mcp-header": "Verbose" },
        note: { type: ["string", "null"], "x-mcp-header": "Note" },
        query: { type: "string" },
      },
    },
  },
  { name: "plain", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
  {
    name: "bad_name",
    inputSchema: { type: "object", properties: { a: { type: "string", "x-mcp-header": "Has Space" } } },
  },
  {
    name: "bad_type",
    inputSchema: { type: "object", properties: { a: { type: "object", "x-mcp-header": "A" } } },
  },
];

/** Records the options each tools/call was sent with. */
function recording(inner: Transport, sent: Array<SendOptions | undefined>): Transport {
  return {
    start: (handlers) => inner.start(handlers),
    send: (payload: JsonRpcPayload, options?: SendOptions) => {
      if ((payload as { method?: string }).method === "tools/call") sent.push(options);
      return inner.send(payload, options);
    },
    close: () => inner.close(),
    get closed() {
      return inner.closed;
    },
  };
}

function fixtureTools(server: Connection): void {
  server.setRequestHandler("tools/list", () => ({ tools }));
  server.setRequestHandler("tools/call", (params) => ({
    content: [{ type: "text", text: JSON.stringify(params.arguments ?? {}) }],
  }));
}

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function setup(stateless = true) {
  const era = stateless
    ? new StatelessServerEra({
        serverInfo,
        capabilities: fullCapabilities,
        requestState: { secret: "a test secret of enough bytes" },
      })
    : new SessionServerEra({ serverInfo, capabilities: fullCapabilities });
  const fixture = await serve(era, fixtureTools);
  const sent: Array<SendOptions | undefined> = [];
  const errors: Error[] = [];
  client = new Client({ clientInfo, onError: (error) => errors.push(error) });
  await client.connect(recording(fixture.transport, sent));
  return { client, sent, errors };
}

describe("Mcp-Param-* headers from callTool", () => {
  it("mirrors annotated arguments, base64-wraps unsafe values, skips null and unannotated ones", async () => {
    const { client, sent } = await setup();
    await client.callTool({
      name: "mirrored",
      arguments: { region: "Zürich", priority: 5, verbose: false, note: null, query: "not mirrored" },
    });
    expect(sent).toEqual([
      {
        headers: {
          "Mcp-Param-Region": b64("Zürich"),
          "Mcp-Param-Priority": "5",
          "Mcp-Param-Verbose": "false",
        },
      },
    ]);
  });

  it("sends safe ASCII as is and keeps caller headers", async () => {
    const { client, sent } = await setup();
    await client.callTool({ name: "mirrored", arguments: { region: "us-west1" } });
    await client.callTool(
      { name: "mirrored", arguments: { region: " padded " } },
      { headers: { "X-Trace": "t1" } },
    );
    expect(sent).toEqual([
      { headers: { "Mcp-Param-Region": "us-west1" } },
      { headers: { "Mcp-Param-Region": b64(" padded "), "X-Trace": "t1" } },
    ]);
  });

  it("sends no extra headers for a tool without annotations", async () => {
    const { client, sent } = await setup();
    await client.callTool({ name: "plain", arguments: { q: "x" } });
    expect(sent).toEqual([{}]);
  });

  it("leaves tools with unusable annotations out of listTools and reports them", async () => {
    const { client, errors } = await setup();
    expect((await client.listTools()).map((t) => t.name)).toEqual(["mirrored", "plain"]);
    expect(errors.map((e) => [e instanceof ClientError && e.code, e.message])).toEqual([
      [
        "invalid_tool_definition",
        'Tool "bad_name" was left out: unusable x-mcp-header annotation: property "a": x-mcp-header "Has Space" is not a valid HTTP header name',
      ],
      [
        "invalid_tool_definition",
        'Tool "bad_type" was left out: unusable x-mcp-header annotation: property "a": x-mcp-header needs a string, integer or boolean property (type is "object")',
      ],
    ]);
  });

  it("adds nothing in the session era", async () => {
    const { client, sent } = await setup(false);
    expect((await client.listTools()).map((t) => t.name)).toEqual([
      "mirrored",
      "plain",
      "bad_name",
      "bad_type",
    ]);
    await client.callTool({ name: "mirrored", arguments: { region: "us-west1" } });
    expect(sent).toEqual([{}]);
  });
});
