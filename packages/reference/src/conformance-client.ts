#!/usr/bin/env node
/**
 * The conformance client: performs the client scenario named by MCP_CONFORMANCE_SCENARIO against
 * the server URL given as the last argument (the official harness appends it), or over stdio.
 * Exit 0 when the scenario ran, 1 when it failed, 2 for usage errors and unsupported scenarios.
 */
import { CLIENT_USAGE, ClientUsageError, parseClientArgs } from "./client/cli-args.js";
import { connectClient } from "./client/connect.js";
import type { ScenarioRun } from "./client/scenario.js";
import { scenarios, unsupportedReason } from "./client/scenarios/index.js";
import { exitWhenDone } from "./server/serve-process.js";

function fail(message: string, code: number): number {
  process.stderr.write(`[conformance-client] ${message}\n`);
  return code;
}

function parseContext(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw === "") return {};
  const value: unknown = JSON.parse(raw);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ClientUsageError("MCP_CONFORMANCE_CONTEXT must be a JSON object");
  }
  return value as Record<string, unknown>;
}

async function main(): Promise<number> {
  const name = process.env.MCP_CONFORMANCE_SCENARIO;
  if (!name) return fail(`MCP_CONFORMANCE_SCENARIO is not set\n${CLIENT_USAGE}`, 2);
  const scenario = scenarios[name];
  if (!scenario) return fail(unsupportedReason(name), 2);
  let run: ScenarioRun;
  try {
    const target = parseClientArgs(process.argv.slice(2), process.env);
    const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION || undefined;
    const log = (message: string) => process.stdout.write(`[${name}] ${message}\n`);
    run = {
      name,
      target,
      version,
      context: parseContext(process.env.MCP_CONFORMANCE_CONTEXT),
      connect: (options = {}) => connectClient(target, options, version, log),
      log,
    };
  } catch (error) {
    if (error instanceof ClientUsageError || error instanceof SyntaxError)
      return fail(`${error.message}\n${CLIENT_USAGE}`, 2);
    throw error;
  }
  try {
    await scenario(run);
    run.log("done");
    return 0;
  } catch (error) {
    return fail(`scenario ${name} failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

exitWhenDone(main, (message) => process.stderr.write(`[conformance-client] ${message}\n`));
