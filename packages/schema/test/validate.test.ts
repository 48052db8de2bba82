import { describe, expect, it } from "vitest";
import {
  definitionNames,
  eraOf,
  isRevision,
  latestRevision,
  revisions,
  validate,
  validatorFor,
} from "../src/index.js";

describe("revisions", () => {
  it("lists every revision oldest first, with its era", () => {
    expect(revisions).toEqual(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]);
    expect(latestRevision).toBe("2026-07-28");
    expect(revisions.map(eraOf)).toEqual(["session", "session", "session", "session", "stateless"]);
    expect(isRevision("2025-06-18")).toBe(true);
    expect(isRevision("2025-06-19")).toBe(false);
    expect(isRevision(20250618)).toBe(false);
  });

  it("has as many definitions per revision as the specification", () => {
    expect(revisions.map((r) => definitionNames(r).length)).toEqual([79, 83, 91, 145, 155]);
  });
});

describe("validate", () => {
  it("accepts a valid message", () => {
    const message = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: {} } };
    expect(validate("2025-06-18", "CallToolRequest", message)).toEqual({ ok: true });
  });

  it("names the pointer and the keyword of a missing required property", () => {
    const result = validate("2025-06-18", "CallToolRequest", {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { arguments: {} },
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          pointer: "/params",
          keyword: "required",
          message: "must have required property 'name'",
          schemaPath: "#/properties/params/required",
          params: { missingProperty: "name" },
        },
      ],
    });
  });

  it("reports a wrong type inside a referenced params definition", () => {
    const result = validate("2025-11-25", "CallToolRequest", {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: 5 },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toMatchObject({
      pointer: "/params/name",
      keyword: "type",
      message: "must be string",
      params: { type: "string" },
    });
  });

  it("requires the request envelope in the stateless revision only", () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } };
    expect(validate("2025-11-25", "CallToolRequest", call).ok).toBe(true);
    const stateless = validate("2026-07-28", "CallToolRequest", call);
    expect(!stateless.ok && stateless.issues[0]).toMatchObject({
      pointer: "/params",
      keyword: "required",
      params: { missingProperty: "_meta" },
    });
  });

  it("rejects a wrong const and a value outside an enum", () => {
    const text = validate("2025-11-25", "TextContent", { type: "txt", text: "x" });
    expect(!text.ok && text.issues[0]).toMatchObject({ pointer: "/type", keyword: "const" });
    const level = validate("2025-11-25", "LoggingLevel", "loud");
    expect(!level.ok && level.issues[0]).toMatchObject({ pointer: "", keyword: "enum" });
  });

  it("follows the specification where the upstream JSON export lost information", () => {
    expect(validate("2026-07-28", "JSONValue", { a: [null, 1.5, "x", true] })).toEqual({ ok: true });
    expect(validate("2025-11-25", "ElicitResult", { action: "accept", content: { ratio: 0.5 } })).toEqual({
      ok: true,
    });
  });

  it("knows which definitions each revision has", () => {
    expect(() => validate("2024-11-05", "AudioContent", {})).toThrow(
      new RangeError("revision 2024-11-05 has no definition named AudioContent"),
    );
    expect(() => validate("1999-01-01" as never, "Result", {})).toThrow(
      new RangeError("unknown protocol revision: 1999-01-01"),
    );
    expect(definitionNames("2026-07-28")).toContain("InputRequiredResult");
    expect(definitionNames("2026-07-28")).not.toContain("InitializeRequest");
  });

  it("gives the same answers through a validator resolved once", () => {
    const check = validatorFor("2025-03-26", "AudioContent");
    expect(check({ type: "audio", data: "aGk=", mimeType: "audio/wav" })).toEqual({ ok: true });
    const bad = check({ type: "audio", data: "aGk=" });
    expect(!bad.ok && bad.issues[0]).toMatchObject({ pointer: "", keyword: "required" });
  });
});
