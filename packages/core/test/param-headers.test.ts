import { describe, expect, it } from "vitest";
import {
  checkParamHeaders,
  Connection,
  decodeHeaderValue,
  encodeHeaderValue,
  HeaderMismatches,
  paramHeaders,
  readParamHeaders,
  renderParamValue,
  type SendOptions,
  StatelessClientEra,
  type Transport,
} from "../src/index.js";
import { clientInfo } from "./helpers/fixtures.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function schemaWith(properties: Record<string, unknown>) {
  return { type: "object", properties };
}

const region = schemaWith({
  region: { type: "string", "x-mcp-header": "Region" },
  level: { type: "integer" },
});

function bindingsOf(schema: unknown) {
  const reading = readParamHeaders(schema);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.bindings;
}

describe("header value codec", () => {
  it("sends safe ASCII as is and everything else base64-wrapped", () => {
    expect(encodeHeaderValue("us-west1")).toBe("us-west1");
    expect(encodeHeaderValue("")).toBe("");
    expect(encodeHeaderValue("Zürich")).toBe(`=?base64?${b64("Zürich")}?=`);
    expect(encodeHeaderValue(" padded ")).toBe(`=?base64?${b64(" padded ")}?=`);
    expect(encodeHeaderValue("a\r\nb")).toBe(`=?base64?${b64("a\r\nb")}?=`);
    expect(encodeHeaderValue("tab\there")).toBe("=?base64?dGFiCWhlcmU=?=");
    // A literal that looks like a wrapper is wrapped, so it is not decoded by mistake.
    expect(encodeHeaderValue("=?base64?SGk=?=")).toBe(`=?base64?${b64("=?base64?SGk=?=")}?=`);
  });

  it("round-trips every encoded value", () => {
    for (const value of ["plain", "Hello, 世界", " x ", "=?base64?SGk=?=", "\u0000", ""]) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
  });

  it("decodes strictly inside the wrapper and literally outside it", () => {
    expect(decodeHeaderValue(`=?base64?${b64("résumé")}?=`)).toBe("résumé");
    expect(decodeHeaderValue("=?base64?SGVsbG8?=")).toBeUndefined(); // missing padding
    expect(decodeHeaderValue("=?base64?ZW5v=?=")).toBeUndefined(); // bad padding
    expect(decodeHeaderValue("=?base64?SGVs*G8=?=")).toBeUndefined(); // outside the alphabet
    expect(decodeHeaderValue("=?base64?/w==?=")).toBeUndefined(); // not UTF-8
    expect(decodeHeaderValue("=?base64?SGVsbG8=")).toBe("=?base64?SGVsbG8="); // no suffix
    expect(decodeHeaderValue("SGVsbG8=?=")).toBe("SGVsbG8=?="); // no prefix
    expect(decodeHeaderValue("  spaced  ")).toBe("spaced");
  });
});

describe("x-mcp-header annotations", () => {
  it("reads the bindings of annotated primitive properties", () => {
    const schema = schemaWith({
      region: { type: "string", "x-mcp-header": "Region" },
      count: { type: "integer", "x-mcp-header": "Count" },
      dry: { type: "boolean", "x-mcp-header": "Dry-Run" },
      maybe: { type: ["string", "null"], "x-mcp-header": "Maybe" },
      query: { type: "string" },
    });
    expect(readParamHeaders(schema)).toEqual({
      ok: true,
      bindings: [
        { property: "region", name: "Region", header: "Mcp-Param-Region" },
        { property: "count", name: "Count", header: "Mcp-Param-Count" },
        { property: "dry", name: "Dry-Run", header: "Mcp-Param-Dry-Run" },
        { property: "maybe", name: "Maybe", header: "Mcp-Param-Maybe" },
      ],
    });
    expect(readParamHeaders({ type: "object" })).toEqual({ ok: true, bindings: [] });
  });

  it.each([
    [
      { a: { type: "string", "x-mcp-header": "" } },
      'property "a": x-mcp-header "" is not a valid HTTP header name',
    ],
    [
      { a: { type: "string", "x-mcp-header": "Has Space" } },
      'property "a": x-mcp-header "Has Space" is not a valid HTTP header name',
    ],
    [
      { a: { type: "string", "x-mcp-header": "a:b" } },
      'property "a": x-mcp-header "a:b" is not a valid HTTP header name',
    ],
    [
      { a: { type: "string", "x-mcp-header": "Régión" } },
      'property "a": x-mcp-header "Régión" is not a valid HTTP header name',
    ],
    [
      { a: { type: "string", "x-mcp-header": 5 } },
      'property "a": x-mcp-header 5 is not a valid HTTP header name',
    ],
    [
      { a: { type: "object", "x-mcp-header": "A" } },
      'property "a": x-mcp-header needs a string, integer or boolean property (type is "object")',
    ],
    [
      { a: { type: "number", "x-mcp-header": "A" } },
      'property "a": x-mcp-header needs a string, integer or boolean property (type is "number")',
    ],
    [
      { a: { type: "array", "x-mcp-header": "A" } },
      'property "a": x-mcp-header needs a string, integer or boolean property (type is "array")',
    ],
    [
      { a: { type: "null", "x-mcp-header": "A" } },
      'property "a": x-mcp-header needs a string, integer or boolean property (type is "null")',
    ],
    [
      { a: { "x-mcp-header": "A" } },
      'property "a": x-mcp-header needs a string, integer or boolean property (type is missing)',
    ],
    [
      { a: { type: "string", "x-mcp-header": "Dup" }, b: { type: "string", "x-mcp-header": "dup" } },
      'property "b": x-mcp-header "dup" repeats the header of property "a" (names are case-insensitive)',
    ],
  ])("refuses %j", (properties, problem) => {
    expect(readParamHeaders(schemaWith(properties))).toEqual({ ok: false, problem });
  });

  it("renders strings as they are and numbers and booleans as JSON text", () => {
    expect(renderParamValue("x")).toBe("x");
    expect(renderParamValue(42)).toBe("42");
    expect(renderParamValue(1.5)).toBe("1.5");
    expect(renderParamValue(false)).toBe("false");
    expect(renderParamValue(null)).toBeUndefined();
    expect(renderParamValue(Number.NaN)).toBeUndefined();
    expect(renderParamValue({})).toBeUndefined();
  });

  it("builds the headers a client sends, skipping absent and null arguments", () => {
    const bindings = bindingsOf(
      schemaWith({
        region: { type: "string", "x-mcp-header": "Region" },
        n: { type: "integer", "x-mcp-header": "N" },
        gone: { type: ["string", "null"], "x-mcp-header": "Gone" },
        missing: { type: "string", "x-mcp-header": "Missing" },
      }),
    );
    expect(paramHeaders(bindings, { region: "日本", n: 7, gone: null, level: 3 })).toEqual({
      "Mcp-Param-Region": `=?base64?${b64("日本")}?=`,
      "Mcp-Param-N": "7",
    });
  });
});

describe("checkParamHeaders", () => {
  const bindings = bindingsOf(region);

  it("accepts a literal, a case-insensitive name and a valid base64 wrapper", () => {
    expect(
      checkParamHeaders(bindings, { region: "us-west1" }, { "mcp-param-region": "us-west1" }),
    ).toBeUndefined();
    expect(
      checkParamHeaders(bindings, { region: "us-west1" }, { "MCP-PARAM-REGION": "us-west1" }),
    ).toBeUndefined();
    expect(
      checkParamHeaders(
        bindings,
        { region: "us-west1" },
        { "mcp-param-region": `=?base64?${b64("us-west1")}?=` },
      ),
    ).toBeUndefined();
    expect(checkParamHeaders(bindings, { level: 1 }, {})).toBeUndefined();
  });

  it("refuses a missing header, another value, bad base64 and a header without a body value", () => {
    expect(checkParamHeaders(bindings, { region: "us-west1" }, {})).toEqual(
      HeaderMismatches.missing("Mcp-Param-Region", "us-west1"),
    );
    expect(checkParamHeaders(bindings, { region: "us-west1" }, { "mcp-param-region": "eu" })).toEqual({
      code: -32020,
      message: "Header mismatch: Mcp-Param-Region header value 'eu' does not match body value 'us-west1'",
      data: { header: "Mcp-Param-Region", expected: "us-west1", received: "eu" },
    });
    expect(
      checkParamHeaders(bindings, { region: "us-west1" }, { "mcp-param-region": "=?base64?dXMtd2VzdDE?=" }),
    ).toEqual({
      code: -32020,
      message:
        "Header mismatch: Mcp-Param-Region header value '=?base64?dXMtd2VzdDE?=' is not valid =?base64?…?= encoding",
      data: { header: "Mcp-Param-Region", expected: "us-west1", received: "=?base64?dXMtd2VzdDE?=" },
    });
    expect(checkParamHeaders(bindings, {}, { "mcp-param-region": "eu" })).toEqual({
      code: -32020,
      message: "Header mismatch: Mcp-Param-Region header was sent but the body has no value for it",
      data: { header: "Mcp-Param-Region", received: "eu" },
    });
  });

  it("compares numbers as numbers and booleans as JSON text", () => {
    const typed = bindingsOf(
      schemaWith({
        n: { type: "integer", "x-mcp-header": "N" },
        b: { type: "boolean", "x-mcp-header": "B" },
      }),
    );
    expect(
      checkParamHeaders(typed, { n: 1000, b: true }, { "mcp-param-n": "1e3", "mcp-param-b": "true" }),
    ).toBeUndefined();
    expect(
      checkParamHeaders(typed, { n: 1000, b: true }, { "mcp-param-n": "1000", "mcp-param-b": "True" }),
    ).toEqual(HeaderMismatches.differs("Mcp-Param-B", "True", "true"));
    expect(checkParamHeaders(typed, { n: 2 }, { "mcp-param-n": "two" })).toEqual(
      HeaderMismatches.differs("Mcp-Param-N", "two", "2"),
    );
  });
});

describe("Connection.request headers", () => {
  it("hands a request's headers to the transport with the payload", async () => {
    const sent: Array<SendOptions | undefined> = [];
    const transport: Transport = {
      start: async () => {},
      send: async (_payload, options) => {
        sent.push(options);
      },
      close: async () => {},
      closed: new Promise(() => {}),
    };
    const connection = new Connection({ era: new StatelessClientEra({ clientInfo, capabilities: {} }) });
    await connection.connect(transport);
    void connection
      .request("tools/call", { name: "t" }, { headers: { "Mcp-Param-Region": "eu" }, timeoutMs: 50 })
      .catch(() => {});
    void connection.request("tools/list", {}, { timeoutMs: 50 }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ headers: { "Mcp-Param-Region": "eu" } }, {}]);
    await connection.close();
  });
});
