import { describe, expect, it } from "vitest";
import {
  capabilitiesForRevision,
  declaredExtensions,
  declaresExtension,
  ErrorCode,
  extensionNotDeclared,
  isExtensionId,
} from "../src/index.js";

describe("extension identifiers", () => {
  it("follow the _meta key rules with a mandatory prefix", () => {
    expect(isExtensionId("io.modelcontextprotocol/tasks")).toBe(true);
    expect(isExtensionId("com.example/my-extension")).toBe(true);
    expect(isExtensionId("example.com/echo_2.v1")).toBe(true);
    expect(isExtensionId("tasks")).toBe(false);
    expect(isExtensionId("/tasks")).toBe(false);
    expect(isExtensionId("1io.example/x")).toBe(false);
    expect(isExtensionId("io.example-/x")).toBe(false);
    expect(isExtensionId("io.example/-x")).toBe(false);
  });
});

describe("what a peer declared", () => {
  it("lists each extension whose settings are an object; anything else is not a declaration", () => {
    const capabilities = {
      extensions: { "com.a/x": { v: 1 }, "com.b/y": true, "com.c/z": null, "com.d/w": {} },
    };
    expect(declaredExtensions(capabilities)).toEqual({ "com.a/x": { v: 1 }, "com.d/w": {} });
    expect(declaredExtensions(undefined)).toEqual({});
    expect(declaredExtensions({ extensions: [] })).toEqual({});
    expect(declaresExtension(capabilities, "com.a/x")).toBe(true);
    expect(declaresExtension(capabilities, "com.b/y")).toBe(false);
    expect(declaresExtension(capabilities, "toString")).toBe(false);
    expect(declaresExtension({}, "com.a/x")).toBe(false);
  });
});

describe("extensionNotDeclared", () => {
  it("2026-07-28: -32021 naming the extension in data.requiredCapabilities", () => {
    expect(extensionNotDeclared("com.example/echo", "echo/ping", "stateless").toJson()).toEqual({
      code: ErrorCode.MissingRequiredClientCapability,
      message: "Missing required client capability: extension com.example/echo",
      data: { requiredCapabilities: { extensions: { "com.example/echo": {} } } },
    });
  });

  it("session era: -32601, as a method whose capability was not negotiated", () => {
    expect(extensionNotDeclared("com.example/echo", "echo/ping", "session").toJson()).toEqual({
      code: ErrorCode.MethodNotFound,
      message: "Method not found",
      data: { method: "echo/ping", reason: "the client did not declare the extension com.example/echo" },
    });
  });
});

describe("capabilitiesForRevision and extensions", () => {
  it("carries extensions at every revision (SEP-2133 negotiates them at initialize)", () => {
    for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const) {
      for (const side of ["client", "server"] as const) {
        const capabilities = { extensions: { "com.example/echo": { v: 1 } } };
        expect(capabilitiesForRevision(revision, side, capabilities)).toBe(capabilities);
      }
    }
  });
});
