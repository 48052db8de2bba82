import { afterEach, describe, expect, it } from "vitest";
import { type RunningExample, callTool, startExample } from "./helpers/example.js";

describe("examples/hono", () => {
  let example: RunningExample | undefined;
  afterEach(async () => {
    await example?.stop();
    example = undefined;
  });

  it("starts with its documented command, serves both eras, and shuts down on SIGTERM", async () => {
    example = await startExample("@mcpkit/example-hono");
    const { url } = example;
    expect(await callTool(url, "stateless", "add", { a: 2, b: 3 })).toBe("stateless 5");
    expect(await callTool(url, "session", "add", { a: 2, b: 3 })).toBe("session 5");
    const token = { authorization: "Bearer demo-token" };
    expect(await callTool(url, "session", "whoami", {}, token)).toBe("session demo-user");
    expect(await callTool(url, "stateless", "whoami", {})).toBe("stateless anonymous");
    await example.stop();
    expect(example.output()).toMatch(/^closed$/m);
  }, 90_000);
});
