import { describe, expect, it } from "vitest";
import { failures, identityOf } from "../src/index.js";

describe("the contract's fixtures", () => {
  it("recognize the two test users' bearer tokens and nothing else", () => {
    expect(identityOf("Bearer token-ada")).toEqual({
      token: "token-ada",
      subject: "ada",
      scopes: ["mcp:tools"],
    });
    expect(identityOf("Bearer token-bob")).toEqual({ token: "token-bob", subject: "bob", scopes: [] });
    expect(identityOf("Bearer token-eve")).toBeUndefined();
    expect(identityOf("token-ada")).toBeUndefined();
    expect(identityOf(undefined)).toBeUndefined();
  });

  it("quote the failures section of a runner's output, or nothing", () => {
    expect(failures("conformance: 3 passed, 0 failed\n")).toBe("");
    expect(failures("table\nFailures:\n  a@2025-06-18: no answer\n")).toBe(
      "Failures:\n  a@2025-06-18: no answer\n",
    );
  });
});
