import { describe, expect, it } from "vitest";
import { mcpkit } from "./helpers.js";

describe("mcpkit conformance: the runner under the same command", () => {
  it("passes its arguments, output and exit code through", async () => {
    const help = await mcpkit(["conformance", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('mcpkit-conformance server --stdio "COMMAND" [options]');
    const validate = await mcpkit(["conformance", "validate"]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(/^\d+ transcript\(s\) are valid\n$/m);
    const wrong = await mcpkit(["conformance", "frobnicate"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^mcpkit-conformance: /);
  });
});
