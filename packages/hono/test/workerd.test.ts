import { callTool, conformance, failures } from "@mcpkit/framework-contract";
import { afterEach, describe, expect, it } from "vitest";
import { type Workerd, startWorkerd } from "./workerd/serve.js";

/** The Hono app on Cloudflare's runtime: built at module scope, as Workers are written. */
describe("mcpApp on workerd (a Hono app as a Worker)", () => {
  let workerd: Workerd | undefined;
  afterEach(async () => {
    await workerd?.stop();
    workerd = undefined;
  });

  it("serves every server transcript, both eras, and the app's identity reaches ctx.auth", async () => {
    workerd = await startWorkerd();
    // The app hands workerd's `waitUntil` on: tasks and resumed streams outlive their request.
    const run = await conformance(`${workerd.origin}/mcp`);
    expect(run.report.summary.failed, `${failures(run.output)}\n--- workerd ---\n${workerd.output()}`).toBe(
      0,
    );
    expect(run.code).toBe(0);
    expect(run.report.summary.passed).toBeGreaterThan(300);
    expect(run.report.summary.expectedFailures).toBe(0);

    const url = `${workerd.origin}/whoami`;
    const ada = { authorization: "Bearer token-ada" };
    expect(await callTool(url, "stateless", "whoami", {}, ada)).toBe("stateless ada mcp:tools");
    expect(await callTool(url, "session", "whoami", {}, ada)).toBe("session ada mcp:tools");
    expect(await callTool(url, "stateless", "whoami")).toBe("stateless anonymous ");
  }, 300_000);
});
