import type { Client } from "@mcpkit/client";
import { acceptFilling } from "../answers.js";
import { type Scenario, ScenarioError, withClient } from "../scenario.js";
import { callsFromContext } from "./stateless.js";

const ROOT = { uri: "file:///mcpkit/conformance/root", name: "conformance root" };
const SECOND_ROOT = { uri: "file:///mcpkit/conformance/second", name: "second root" };

/** The fixed answers of mcpkit's client scenarios (conformance/README.md). */
const MCPKIT_ANSWERS = {
  sampling: () => ({
    role: "assistant" as const,
    content: { type: "text" as const, text: "mcpkit sampled text" },
    model: "mcpkit-test-model",
    stopReason: "endTurn",
  }),
  elicitation: { form: acceptFilling("mcpkit") },
  roots: [ROOT],
};

/**
 * mcpkit-call-tools: list every tool (all pages), then make each call of
 * `MCP_CONFORMANCE_CONTEXT.calls` in order, skipping tools the list does not have. Tool errors are
 * results like any other: the scenario ends after the last call's final result.
 */
export const callTools: Scenario = (run) =>
  withClient(run, MCPKIT_ANSWERS, async (client) => {
    const listed = new Set((await client.listTools()).map((t) => t.name));
    run.log(`listed ${listed.size} tools`);
    const calls = Array.isArray(run.context.calls) ? callsFromContext({ calls: run.context.calls }) : [];
    for (const call of calls) {
      if (!listed.has(call.name)) {
        run.log(`${call.name}: not listed, skipped`);
        continue;
      }
      const result = await client.callTool({ name: call.name, arguments: call.arguments });
      const first = result.content[0];
      const said = first?.type === "text" ? first.text : JSON.stringify(first ?? null);
      run.log(`${call.name} -> ${result.isError ? "tool error" : "ok"}: ${said}`);
    }
  });

const ROOTS_WAIT_MS = 20_000;

/**
 * mcpkit-roots-changed (session era): after initialization add a second root, announce it, and end
 * once a roots/list that includes it has been answered.
 */
export const rootsChanged: Scenario = async (run) => {
  let roots = [ROOT];
  let answeredSecond: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answeredSecond = resolve;
  });
  const source = () => {
    // The answer goes out right after this returns; the scenario ends a moment later.
    if (roots.some((r) => r.uri === SECOND_ROOT.uri)) setTimeout(answeredSecond, 100);
    return roots;
  };
  await withClient(run, { ...MCPKIT_ANSWERS, roots: source }, async (client: Client) => {
    roots = [ROOT, SECOND_ROOT];
    await client.setRoots(source);
    run.log("added the second root and sent notifications/roots/list_changed");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ScenarioError(`no roots/list within ${ROOTS_WAIT_MS} ms of the change`)),
        ROOTS_WAIT_MS,
      );
    });
    try {
      await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
    run.log("answered a roots/list that includes the second root");
  });
};
