import { acceptDefaults, acceptWithSamples, answerSampling, CLIENT_ROOTS } from "../answers.js";
import { callAndLog, type Scenario, ScenarioError, withClient } from "../scenario.js";

/** initialize: the handshake (initialize, then initialized), a tool listing if offered, a clean exit. */
export const initialize: Scenario = (run) =>
  withClient(run, {}, async (client) => {
    if (!client.serverCapabilities?.tools) {
      run.log("the server offers no tools: nothing to list");
      return;
    }
    const tools = await client.listTools();
    run.log(`listed ${tools.length} tools`);
  });

/** tools_call: list the tools, then call add_numbers with two numbers. */
export const toolsCall: Scenario = (run) =>
  withClient(run, {}, async (client) => {
    const tools = await client.listTools();
    if (!tools.some((t) => t.name === "add_numbers")) {
      throw new ScenarioError(
        `the server lists no add_numbers tool (it has: ${tools.map((t) => t.name).join(", ")})`,
      );
    }
    await callAndLog(run, client, "add_numbers", { a: 5, b: 3 });
  });

/**
 * elicitation-sep1034-client-defaults: accept the form without filling anything in; the client
 * fills every omitted field from the schema's defaults.
 */
export const elicitationDefaults: Scenario = (run) =>
  withClient(run, { elicitation: { form: acceptDefaults, applyDefaults: true } }, async (client) => {
    await client.listTools();
    await callAndLog(run, client, "test_client_elicitation_defaults");
  });

/**
 * sse-retry: call test_reconnection; the server closes the SSE stream after its priming event and
 * the transport reconnects after `retry` ms with GET + Last-Event-ID to get the answer.
 */
export const sseRetry: Scenario = (run) =>
  withClient(run, {}, async (client) => {
    await client.listTools();
    await callAndLog(run, client, "test_reconnection");
  });

/** Every capability a scenario may need, each with its handler. */
export const FULL_CAPABILITIES = {
  sampling: answerSampling,
  elicitation: { form: acceptWithSamples, applyDefaults: true },
  roots: CLIENT_ROOTS,
} as const;
