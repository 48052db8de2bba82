// Runs workloads by name and collects their results; used by the CLI and the smoke test.
import * as cliStartup from "./workloads/cli-startup.mjs";
import * as coldImport from "./workloads/cold-import.mjs";
import * as conformanceStdio from "./workloads/conformance-stdio.mjs";
import * as fleet from "./workloads/fleet.mjs";
import * as http from "./workloads/http.mjs";
import * as inProcess from "./workloads/in-process.mjs";
import * as installSize from "./workloads/install-size.mjs";
import * as sessions from "./workloads/sessions.mjs";
import * as stdio from "./workloads/stdio.mjs";
import { settingsFor } from "./settings.mjs";

export const workloads = [
  inProcess,
  stdio,
  http,
  sessions,
  coldImport,
  installSize,
  cliStartup,
  fleet,
  conformanceStdio,
];
/**
 * What runs without --only: all but install-size (slow, needs the network), cli-startup and
 * conformance-stdio (their own budgets, not comparisons) and fleet (needs redis-server).
 */
export const defaultWorkloads = ["in-process", "stdio", "http", "sessions", "cold-import"];

export async function runWorkloads(names, settings) {
  const unknown = names.filter((n) => !workloads.some((w) => w.name === n));
  if (unknown.length > 0)
    throw new Error(
      `unknown workload ${unknown.join(", ")}; known: ${workloads.map((w) => w.name).join(", ")}`,
    );
  const results = {};
  for (const name of names) {
    const workload = workloads.find((w) => w.name === name);
    const started = performance.now();
    results[name] = await workload.run(settingsFor(name, settings));
    results[name].seconds = (performance.now() - started) / 1000;
  }
  return results;
}
