import { Client } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { type StreamableHttpServer, serveStreamableHttp } from "../src/node.js";
import { call, jsonOf, post } from "./stateless-helpers.js";

// Mcp-Param-* end to end over real node:http: an @mcpkit/server tool annotated with
// x-mcp-header (the official fixture `test_x_mcp_header`: region → Region, plus a non-mirrored
// integer level), called by raw fetch and by @mcpkit/client.

const b64 = (text: string) => `=?base64?${Buffer.from(text, "utf8").toString("base64")}?=`;

let server: Server | undefined;
let http: StreamableHttpServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await server?.close();
  await http?.close();
  server = undefined;
  http = undefined;
});

async function start(): Promise<string> {
  server = new Server({ name: "param-headers", version: "1.0.0" });
  server.tool(
    {
      name: "test_x_mcp_header",
      inputSchema: {
        type: "object",
        properties: {
          region: { type: "string", "x-mcp-header": "Region" },
          level: { type: "integer" },
        },
        required: ["region"],
      },
    },
    ({ region, level }, ctx) => ({
      content: [
        {
          type: "text",
          text: `region=${String(region)} level=${String(level)} header=${String(ctx.transport.headers?.["mcp-param-region"])}`,
        },
      ],
    }),
  );
  const connect = (transport: Parameters<Server["connect"]>[0]) => server?.connect(transport).then(() => {});
  http = await serveStreamableHttp({ onSession: connect, onStateless: connect });
  return http.url;
}

function callTool(id: number, args: Record<string, unknown>) {
  return call(id, "tools/call", { name: "test_x_mcp_header", arguments: args });
}

describe("Mcp-Param-* over HTTP (raw fetch)", () => {
  it.each([
    ["a literal header", "us-west1", "us-west1"],
    ["a base64 header", "us-west1", b64("us-west1")],
    ["a base64 header carrying UTF-8", "東京", b64("東京")],
    ["a header lacking the ?= suffix, taken literally", "=?base64?dXMtd2VzdDE=", "=?base64?dXMtd2VzdDE="],
    ["a header lacking the =?base64? prefix, taken literally", "dXMtd2VzdDE=?=", "dXMtd2VzdDE=?="],
  ])("accepts %s", async (_what, region, header) => {
    const url = await start();
    const response = await post(url, callTool(1, { region, level: 2 }), {
      accept: "application/json",
      "mcp-param-region": header,
    });
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body.result.content).toEqual([
      { type: "text", text: `region=${region} level=2 header=${header}` },
    ]);
  });

  it.each([
    [
      "bad padding",
      { "mcp-param-region": "=?base64?dXMtd2VzdDE?=" },
      "Header mismatch: Mcp-Param-Region header value '=?base64?dXMtd2VzdDE?=' is not valid =?base64?…?= encoding",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMtd2VzdDE?=" },
    ],
    [
      "characters outside the base64 alphabet",
      { "mcp-param-region": "=?base64?dXMt.2VzdDE=?=" },
      "Header mismatch: Mcp-Param-Region header value '=?base64?dXMt.2VzdDE=?=' is not valid =?base64?…?= encoding",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMt.2VzdDE=?=" },
    ],
    [
      "a missing header",
      {},
      "Header mismatch: required header Mcp-Param-Region is missing",
      { header: "Mcp-Param-Region", expected: "us-west1" },
    ],
    [
      "a different value",
      { "mcp-param-region": "eu-central1" },
      "Header mismatch: Mcp-Param-Region header value 'eu-central1' does not match body value 'us-west1'",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "eu-central1" },
    ],
  ])("refuses %s with 400 and -32020", async (_what, headers, message, data) => {
    const url = await start();
    const response = await post(url, callTool(7, { region: "us-west1", level: 2 }), headers);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32020, message, data } });
  });
});

describe("Mcp-Param-* from @mcpkit/client", () => {
  async function connectedClient(): Promise<Client> {
    const url = await start();
    const client = new Client({ clientInfo: { name: "e2e", version: "1" }, mode: "stateless" });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    return client;
  }

  it("sends the header and the call succeeds", async () => {
    const client = await connectedClient();
    const result = await client.callTool({
      name: "test_x_mcp_header",
      arguments: { region: "us-west1", level: 3 },
    });
    expect(result.content).toEqual([{ type: "text", text: "region=us-west1 level=3 header=us-west1" }]);
  });

  it("base64-encodes a non-ASCII value, which the server decodes and accepts", async () => {
    const client = await connectedClient();
    const result = await client.callTool({ name: "test_x_mcp_header", arguments: { region: "Zürich 日本" } });
    expect(result.isError).toBeUndefined();
    expect(result.content).toEqual([
      { type: "text", text: `region=Zürich 日本 level=undefined header=${b64("Zürich 日本")}` },
    ]);
  });
});
