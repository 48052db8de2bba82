import { afterEach, describe, expect, it } from "vitest";
import type { Server } from "../src/index.js";
import { envelope, newServer, RawPeer, settle } from "./helpers.js";

// The 2026-07-28 Mcp-Param-* check, driven with raw requests whose MessageContext carries the
// HTTP headers (lower-cased, as the HTTP transport delivers them).

const b64 = (text: string) => `=?base64?${Buffer.from(text, "utf8").toString("base64")}?=`;

const inputSchema = {
  type: "object",
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    level: { type: "integer" },
  },
};

let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fixture() {
  server = newServer();
  server.tool({ name: "test_x_mcp_header", inputSchema }, ({ region, level }) => ({
    content: [{ type: "text", text: `region=${String(region)} level=${String(level)}` }],
  }));
  const peer = new RawPeer();
  await server.connect(peer);
  let id = 0;
  /** Calls the tool statelessly with these arguments and (HTTP) headers; the raw answer. */
  const callWith = async (args: Record<string, unknown>, headers: Record<string, string> | undefined) => {
    id++;
    peer.deliver(
      {
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "test_x_mcp_header", arguments: args, _meta: envelope() },
      },
      headers === undefined ? {} : { headers: { "mcp-method": "tools/call", ...headers } },
    );
    return { id, answer: (await peer.next()) as Record<string, unknown> };
  };
  return { peer, callWith };
}

function textOf(answer: Record<string, unknown>): string {
  const result = answer.result as { content?: Array<{ text?: string }> } | undefined;
  if (!result) throw new Error(`expected a result, got ${JSON.stringify(answer)}`);
  return String(result.content?.[0]?.text);
}

describe("Mcp-Param-* headers (stateless era, over HTTP)", () => {
  it.each([
    ["a literal value equal to the body", "us-west1", "us-west1"],
    ["a valid =?base64?…?= value", "us-west1", b64("us-west1")],
    ["a base64 value carrying non-ASCII", "Zürich 日本", b64("Zürich 日本")],
    ["a value lacking the ?= suffix, taken literally", "=?base64?dXMtd2VzdDE=", "=?base64?dXMtd2VzdDE="],
    ["a value lacking the =?base64? prefix, taken literally", "dXMtd2VzdDE=?=", "dXMtd2VzdDE=?="],
    ["a value with surrounding spaces", "us-west1", "  us-west1 "],
  ])("accepts %s", async (_what, region, header) => {
    const { callWith } = await fixture();
    const { answer } = await callWith({ region, level: 3 }, { "mcp-param-region": header });
    expect(textOf(answer)).toBe(`region=${region} level=3`);
  });

  it("matches the header name ignoring case and needs no header for the non-mirrored level", async () => {
    const { callWith } = await fixture();
    const { answer } = await callWith({ region: "eu", level: 1 }, { "MCP-PARAM-REGION": "eu" });
    expect(textOf(answer)).toBe("region=eu level=1");
    const { answer: noRegion } = await callWith({ level: 2 }, {});
    expect(textOf(noRegion)).toBe("region=undefined level=2");
  });

  it.each([
    [
      "bad padding inside the wrapper",
      { "mcp-param-region": "=?base64?dXMtd2VzdDE?=" },
      "Header mismatch: Mcp-Param-Region header value '=?base64?dXMtd2VzdDE?=' is not valid =?base64?…?= encoding",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMtd2VzdDE?=" },
    ],
    [
      "characters outside the base64 alphabet",
      { "mcp-param-region": "=?base64?dXMt!2VzdDE=?=" },
      "Header mismatch: Mcp-Param-Region header value '=?base64?dXMt!2VzdDE=?=' is not valid =?base64?…?= encoding",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMt!2VzdDE=?=" },
    ],
    [
      "a missing header while the body has the argument",
      {},
      "Header mismatch: required header Mcp-Param-Region is missing",
      { header: "Mcp-Param-Region", expected: "us-west1" },
    ],
    [
      "a different value",
      { "mcp-param-region": "us-east1" },
      "Header mismatch: Mcp-Param-Region header value 'us-east1' does not match body value 'us-west1'",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "us-east1" },
    ],
    [
      "a wrapper without its suffix (literal, so different)",
      { "mcp-param-region": "=?base64?dXMtd2VzdDE=" },
      "Header mismatch: Mcp-Param-Region header value '=?base64?dXMtd2VzdDE=' does not match body value 'us-west1'",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMtd2VzdDE=" },
    ],
    [
      "a base64 value that decodes to something else",
      { "mcp-param-region": b64("us-east1") },
      "Header mismatch: Mcp-Param-Region header value 'us-east1' does not match body value 'us-west1'",
      { header: "Mcp-Param-Region", expected: "us-west1", received: "us-east1" },
    ],
  ])("refuses %s with -32020", async (_what, headers, message, data) => {
    const { callWith } = await fixture();
    const { id, answer } = await callWith({ region: "us-west1", level: 3 }, headers);
    expect(answer).toEqual({ jsonrpc: "2.0", id, error: { code: -32020, message, data } });
  });

  it("refuses a header sent for an argument the body lacks", async () => {
    const { callWith } = await fixture();
    const { id, answer } = await callWith({ level: 3 }, { "mcp-param-region": "eu" });
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id,
      error: {
        code: -32020,
        message: "Header mismatch: Mcp-Param-Region header was sent but the body has no value for it",
        data: { header: "Mcp-Param-Region", received: "eu" },
      },
    });
  });

  it("checks before the arguments are validated, and does not run the handler", async () => {
    server = newServer();
    let ran = 0;
    server.tool({ name: "strict", inputSchema: { ...inputSchema, required: ["level"] } }, () => {
      ran++;
      return { content: [] };
    });
    const peer = new RawPeer();
    await server.connect(peer);
    peer.deliver(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "strict", arguments: { region: "eu" }, _meta: envelope() },
      },
      { headers: { "mcp-method": "tools/call" } },
    );
    expect(((await peer.next()) as { error: { code: number } }).error.code).toBe(-32020);
    expect(ran).toBe(0);
  });

  it("skips the check on transports without headers (stdio, in-memory)", async () => {
    const { callWith } = await fixture();
    const { answer } = await callWith({ region: "us-west1", level: 3 }, undefined);
    expect(textOf(answer)).toBe("region=us-west1 level=3");
  });

  it("skips the check when the headers are not the message's own (a WebSocket upgrade has no Mcp-Method)", async () => {
    const { peer } = await fixture();
    peer.deliver(
      {
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "test_x_mcp_header", arguments: { region: "us-west1", level: 3 }, _meta: envelope() },
      },
      { headers: { host: "127.0.0.1", upgrade: "websocket" } },
    );
    expect(textOf((await peer.next()) as Record<string, unknown>)).toBe("region=us-west1 level=3");
  });

  it("skips the check in the session era", async () => {
    server = newServer();
    server.tool({ name: "test_x_mcp_header", inputSchema }, () => ({
      content: [{ type: "text", text: "ok" }],
    }));
    const peer = new RawPeer();
    await server.connect(peer);
    await peer.call(0, "initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    });
    peer.deliver({ jsonrpc: "2.0", method: "notifications/initialized" });
    await settle(1);
    peer.deliver(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "test_x_mcp_header", arguments: { region: "x" } },
      },
      { headers: { "mcp-method": "tools/call" } },
    );
    expect(await peer.next()).toMatchObject({ id: 1, result: { content: [{ type: "text", text: "ok" }] } });
  });

  it("checks numbers and booleans against their JSON text", async () => {
    server = newServer();
    server.tool(
      {
        name: "typed",
        inputSchema: {
          type: "object",
          properties: {
            n: { type: "integer", "x-mcp-header": "N" },
            b: { type: "boolean", "x-mcp-header": "B" },
          },
        },
      },
      () => ({ content: [{ type: "text", text: "ok" }] }),
    );
    const peer = new RawPeer();
    await server.connect(peer);
    const send = (id: number, headers: Record<string, string>) => {
      peer.deliver(
        {
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "typed", arguments: { n: 25, b: false }, _meta: envelope() },
        },
        { headers: { "mcp-method": "tools/call", ...headers } },
      );
      return peer.next();
    };
    expect(await send(1, { "mcp-param-n": "25", "mcp-param-b": "false" })).toMatchObject({ result: {} });
    expect(await send(2, { "mcp-param-n": "25", "mcp-param-b": "0" })).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: {
        code: -32020,
        message: "Header mismatch: Mcp-Param-B header value '0' does not match body value 'false'",
        data: { header: "Mcp-Param-B", expected: "false", received: "0" },
      },
    });
  });
});

describe("x-mcp-header annotations at registration", () => {
  it.each([
    [
      { type: "object", "x-mcp-header": "Filter" },
      'Tool "bad" has an unusable x-mcp-header annotation: property "p": x-mcp-header needs a string, integer or boolean property (type is "object")',
    ],
    [
      { type: "string", "x-mcp-header": "Bad Name" },
      'Tool "bad" has an unusable x-mcp-header annotation: property "p": x-mcp-header "Bad Name" is not a valid HTTP header name',
    ],
  ])("refuses a tool whose annotated property is %j", (property, message) => {
    server = newServer();
    const register = () =>
      server?.tool({ name: "bad", inputSchema: { type: "object", properties: { p: property } } }, () => ({
        content: [],
      }));
    expect(register).toThrow(TypeError);
    expect(register).toThrow(message);
  });

  it("refuses duplicate header names and checks updates too", () => {
    server = newServer();
    expect(() =>
      server?.tool(
        {
          name: "dup",
          inputSchema: {
            type: "object",
            properties: {
              a: { type: "string", "x-mcp-header": "Region" },
              b: { type: "string", "x-mcp-header": "REGION" },
            },
          },
        },
        () => ({ content: [] }),
      ),
    ).toThrow(
      'Tool "dup" has an unusable x-mcp-header annotation: property "b": x-mcp-header "REGION" repeats the header of property "a" (names are case-insensitive)',
    );
    const handle = server.tool({ name: "ok", inputSchema }, () => ({ content: [] }));
    expect(() =>
      handle.update({
        inputSchema: { type: "object", properties: { list: { type: "array", "x-mcp-header": "List" } } },
      }),
    ).toThrow(TypeError);
    expect(handle.definition.inputSchema).toBe(inputSchema);
  });
});
