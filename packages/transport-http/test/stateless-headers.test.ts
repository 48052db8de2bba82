import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStatelessHeaders, decodeHeaderValue } from "../src/index.js";
import { raw } from "./raw.js";
import {
  call,
  envelope,
  headersFor,
  post,
  type StatelessFixture,
  startFixture,
} from "./stateless-helpers.js";
import { jsonOf } from "./stateless-helpers.js";

let fixture: StatelessFixture;
beforeAll(async () => {
  fixture = await startFixture({ jsonResponse: true });
});
afterAll(() => fixture.close());

const echo = (id: number | string = 1) => call(id, "tools/call", { name: "echo", arguments: { text: "x" } });

/** POSTs `body` with header overrides and expects 400 + -32020 with exactly this error. */
async function expectMismatch(
  body: Record<string, unknown>,
  headers: Record<string, string | null>,
  error: { message: string; data: Record<string, string> },
) {
  const response = await post(fixture.url, body, headers);
  expect(response.status).toBe(400);
  expect(await jsonOf(response)).toEqual({
    jsonrpc: "2.0",
    id: body.id ?? null,
    error: { code: -32020, ...error },
  });
}

describe("Mcp-Method", () => {
  it("missing: 400 -32020", () =>
    expectMismatch(
      call(1, "tools/list"),
      { "mcp-method": null },
      {
        message: "Header mismatch: required header Mcp-Method is missing",
        data: { header: "Mcp-Method", expected: "tools/list" },
      },
    ));

  it("naming another method: 400 -32020", () =>
    expectMismatch(
      call(2, "tools/list"),
      { "mcp-method": "prompts/list" },
      {
        message:
          "Header mismatch: Mcp-Method header value 'prompts/list' does not match body value 'tools/list'",
        data: { header: "Mcp-Method", expected: "tools/list", received: "prompts/list" },
      },
    ));

  it("in another case: 400 -32020 (values are case-sensitive)", () =>
    expectMismatch(
      call(3, "tools/list"),
      { "mcp-method": "TOOLS/LIST" },
      {
        message:
          "Header mismatch: Mcp-Method header value 'TOOLS/LIST' does not match body value 'tools/list'",
        data: { header: "Mcp-Method", expected: "tools/list", received: "TOOLS/LIST" },
      },
    ));

  it("on a notification too, answered with a null id", () =>
    expectMismatch(
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
      { "mcp-method": null },
      {
        message: "Header mismatch: required header Mcp-Method is missing",
        data: { header: "Mcp-Method", expected: "notifications/cancelled" },
      },
    ));

  it("header names in any case are accepted", async () => {
    const body = call(4, "tools/list");
    const headers = headersFor(body);
    const { "mcp-method": method, "mcp-protocol-version": version, ...rest } = headers;
    const response = await raw(fixture.url, {
      headers: { ...rest, "MCP-METHOD": String(method), "Mcp-Protocol-Version": String(version) },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).result.tools.map((t: { name: string }) => t.name)).toContain("echo");
  });
});

describe("MCP-Protocol-Version", () => {
  it("differing from _meta: 400 -32020", () =>
    expectMismatch(
      call(5, "tools/list", {
        _meta: { ...envelope(), "io.modelcontextprotocol/protocolVersion": "v999.0.0" },
      }),
      {},
      {
        message:
          "Header mismatch: MCP-Protocol-Version header value '2026-07-28' does not match body value 'v999.0.0'",
        data: { header: "MCP-Protocol-Version", expected: "v999.0.0", received: "2026-07-28" },
      },
    ));

  it("missing while _meta names a version: 400 -32020", () =>
    expectMismatch(
      call(6, "tools/list"),
      { "mcp-protocol-version": null },
      {
        message: "Header mismatch: required header MCP-Protocol-Version is missing",
        data: { header: "MCP-Protocol-Version", expected: "2026-07-28" },
      },
    ));
});

describe("Mcp-Name", () => {
  it("missing on tools/call: 400 -32020", () =>
    expectMismatch(
      echo(7),
      { "mcp-name": null },
      {
        message: "Header mismatch: required header Mcp-Name is missing",
        data: { header: "Mcp-Name", expected: "echo" },
      },
    ));

  it("differing from params.name: 400 -32020", () =>
    expectMismatch(
      echo(8),
      { "mcp-name": "foo" },
      {
        message: "Header mismatch: Mcp-Name header value 'foo' does not match body value 'echo'",
        data: { header: "Mcp-Name", expected: "echo", received: "foo" },
      },
    ));

  it("differing from params.uri on resources/read, and from params.name on prompts/get", async () => {
    await expectMismatch(
      call(9, "resources/read", { uri: "file:///a" }),
      { "mcp-name": "file:///b" },
      {
        message: "Header mismatch: Mcp-Name header value 'file:///b' does not match body value 'file:///a'",
        data: { header: "Mcp-Name", expected: "file:///a", received: "file:///b" },
      },
    );
    await expectMismatch(
      call(10, "prompts/get", { name: "hello" }),
      { "mcp-name": null },
      {
        message: "Header mismatch: required header Mcp-Name is missing",
        data: { header: "Mcp-Name", expected: "hello" },
      },
    );
  });

  it("broken =?base64?…?= encoding: 400 -32020", () =>
    expectMismatch(
      echo(11),
      { "mcp-name": "=?base64?ZW*o?=" },
      {
        message:
          "Header mismatch: Mcp-Name header value '=?base64?ZW*o?=' is not valid =?base64?…?= encoding",
        data: { header: "Mcp-Name", expected: "echo", received: "=?base64?ZW*o?=" },
      },
    ));

  it("accepts a value padded with spaces, and base64-wrapped values", async () => {
    for (const name of ["  echo  ", `=?base64?${btoa("echo")}?=`]) {
      const response = await post(fixture.url, echo(12), { "mcp-name": name });
      expect(response.status, name).toBe(200);
      expect((await jsonOf(response)).result.content).toEqual([{ type: "text", text: "x" }]);
    }
  });

  it("is not required on methods that name nothing", async () => {
    const response = await post(fixture.url, call(13, "resources/list"));
    expect(response.status).toBe(200);
  });

  it("a body without the named field is left to params validation (-32602)", async () => {
    const response = await post(fixture.url, call(14, "tools/call", { arguments: {} }), {
      "mcp-name": "echo",
    });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).error.code).toBe(-32602);
  });
});

describe("header values", () => {
  it("decodes =?base64?…?= UTF-8 and takes anything else literally", () => {
    expect(decodeHeaderValue(`=?base64?${Buffer.from("résumé").toString("base64")}?=`)).toBe("résumé");
    expect(decodeHeaderValue("=?base64?abc")).toBe("=?base64?abc");
    expect(decodeHeaderValue("plain")).toBe("plain");
    expect(decodeHeaderValue("=?base64?ZW5v=?=")).toBeUndefined(); // bad padding
    expect(decodeHeaderValue("=?base64?/w==?=")).toBeUndefined(); // not UTF-8
  });

  it("checkStatelessHeaders passes a conforming request", () => {
    const body = echo(15);
    expect(checkStatelessHeaders(new Headers(headersFor(body)), body)).toBeUndefined();
  });
});
