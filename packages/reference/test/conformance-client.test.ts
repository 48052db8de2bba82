import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInitializeMock } from "./helpers/initialize-mock.js";
import { CLIENT_JS, type RunningServer, runNode, SERVER_JS, startServer } from "./helpers/processes.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(["--transport", "http"]);
});
afterAll(async () => {
  await server?.stop();
});

const scenario = (name: string, args: string[], env: Record<string, string> = {}) =>
  runNode(CLIENT_JS, args, { MCP_CONFORMANCE_SCENARIO: name, MCP_CONFORMANCE_PROTOCOL_VERSION: "", ...env });

// Each test runs its own client process: they are independent, so they run concurrently.
describe.concurrent("conformance-client", () => {
  it("initialize: initialize then initialized, tolerating a JSON answer to the notification and a 400 GET", async () => {
    const mock = await startInitializeMock();
    try {
      const run = await scenario("initialize", [mock.url]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // The mock declares no capabilities, so there is nothing to list.
      expect(mock.received.map((m) => m.method)).toEqual(["initialize", "notifications/initialized"]);
      expect(mock.received[0]?.params).toMatchObject({
        protocolVersion: "2025-11-25",
        clientInfo: { name: "mcpkit-conformance-client", version: "0.1.0" },
      });
      expect(run.stdout).toContain(
        "[initialize] connected: session era, revision 2025-11-25, server initialize-mock",
      );
      expect(run.stdout).toContain("[initialize] the server offers no tools: nothing to list");
    } finally {
      await mock.close();
    }
  });

  it("tools_call: lists the tools and calls add_numbers on the reference server (session era)", async () => {
    const run = await scenario("tools_call", [server.url]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "connected: session era, revision 2025-11-25, server mcpkit-everything-server",
    );
    expect(run.stdout).toContain("[tools_call] add_numbers -> The sum of 5 and 3 is 8.");
  });

  it("tools_call at 2026-07-28: no initialize, the stateless era", async () => {
    const run = await scenario("tools_call", [server.url], {
      MCP_CONFORMANCE_PROTOCOL_VERSION: "2026-07-28",
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("connected: stateless era, revision 2026-07-28");
    expect(run.stdout).toContain("add_numbers -> The sum of 5 and 3 is 8.");
  });

  it("elicitation-sep1034-client-defaults: the accepted empty form reaches the server filled with the defaults", async () => {
    const run = await scenario("elicitation-sep1034-client-defaults", [server.url]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'test_client_elicitation_defaults -> Elicitation completed: action=accept, content={"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}',
    );
  });

  it("json-schema-2020-12-preservation: the schema goes back to the server unchanged", async () => {
    const run = await scenario("json-schema-2020-12-preservation", [server.url], {
      MCP_CONFORMANCE_PROTOCOL_VERSION: "2026-07-28",
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'json_schema_echo -> {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":',
    );
  });

  it("spawns the everything-server over stdio when given no URL", async () => {
    const run = await scenario("tools_call", []);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("add_numbers -> The sum of 5 and 3 is 8.");
  });

  it("mcpkit-call-tools over a stdio command line: makes the listed calls, skips unlisted tools", async () => {
    const calls = [
      { name: "test_sampling", arguments: { prompt: "hi" } },
      { name: "test_input_required_result_elicitation", arguments: {} },
      { name: "not_a_tool", arguments: {} },
      { name: "test_error_handling", arguments: {} },
    ];
    const run = await scenario("mcpkit-call-tools", [`${process.execPath} ${SERVER_JS}`], {
      MCP_CONFORMANCE_TRANSPORT: "stdio",
      MCP_CONFORMANCE_PROTOCOL_VERSION: "2026-07-28",
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ name: "mcpkit-call-tools", calls }),
    });
    expect(run.code).toBe(0);
    expect(
      run.stdout.split("\n").filter((line) => line.includes(" -> ") || line.includes("skipped")),
    ).toEqual([
      "[mcpkit-call-tools] test_sampling -> ok: LLM response: mcpkit sampled text",
      "[mcpkit-call-tools] test_input_required_result_elicitation -> ok: Hello, mcpkit!",
      "[mcpkit-call-tools] not_a_tool: not listed, skipped",
      "[mcpkit-call-tools] test_error_handling -> tool error: This tool intentionally returns an error for testing",
    ]);
  });

  it("mcpkit-roots-changed: announces a second root and ends once the server listed it", async () => {
    const run = await scenario("mcpkit-roots-changed", [`${process.execPath} ${SERVER_JS}`], {
      MCP_CONFORMANCE_TRANSPORT: "stdio",
      MCP_CONFORMANCE_PROTOCOL_VERSION: "2025-11-25",
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "[mcpkit-roots-changed] answered a roots/list that includes the second root",
    );
  });

  it("refuses auth scenarios it does not perform, unknown scenarios and a missing scenario name with exit 2", async () => {
    const auth = await scenario("auth/2025-03-26-oauth-endpoint-fallback", [server.url]);
    expect(auth.code).toBe(2);
    expect(auth.stderr).toContain(
      'scenario "auth/2025-03-26-oauth-endpoint-fallback" is not supported by the mcpkit conformance client yet',
    );
    const unknown = await scenario("no-such-scenario", [server.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown scenario "no-such-scenario"');
    const none = await runNode(CLIENT_JS, [server.url], { MCP_CONFORMANCE_SCENARIO: "" });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("MCP_CONFORMANCE_SCENARIO is not set");
  });

  it("fails with exit 1 when the server lacks what the scenario needs", async () => {
    const run = await scenario("sep-2322-client-request-state", [server.url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the server lists none of the test_mrtr_* tools");
  });
});
