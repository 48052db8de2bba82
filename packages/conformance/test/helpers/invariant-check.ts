// Feeds messages and HTTP exchanges through the invariant layer as a run does, for the rule tests.
import { fileURLToPath } from "node:url";
import { Invariants } from "../../src/invariants/observer.js";
import { loadRequirements } from "../../src/load/requirements.js";
import type { Json } from "../../src/model/json.js";
import type { Revision, TransportName } from "../../src/model/revisions.js";
import type { HttpExchange } from "../../src/wire/wire.js";

/** The suite's own requirements manifest. */
export const requirements = loadRequirements(
  fileURLToPath(new URL("../../../../conformance/requirements", import.meta.url)),
);

/** What the runs look like: revision (default 2025-11-25), transport (default stdio), ... */
export interface RunShape {
  revision?: Revision;
  transport?: TransportName;
  clientCapabilities?: { [key: string]: Json };
  /** The step the messages arrive in (reports name it). */
  step?: string;
}

/** One run's traffic: what the runner sent, then what it received (a string is a line that did not parse), then HTTP exchanges. */
export interface Traffic {
  sent?: Json[];
  received?: (Json | string)[];
  exchanges?: HttpExchange[];
}

/**
 * Feeds each traffic as one run of one invocation and returns `requirement: detail` per
 * violation, only those whose requirement starts with `prefix` when one is given.
 */
export function violationsOf(runs: Traffic[], shape: RunShape = {}, prefix = ""): string[] {
  const invariants = new Invariants(requirements);
  for (const [n, traffic] of runs.entries()) {
    const run = invariants.forRun({
      transcript: runs.length === 1 ? "t" : `t${n}`,
      revision: shape.revision ?? "2025-11-25",
      transport: shape.transport ?? "stdio",
      clientCapabilities: shape.clientCapabilities ?? {},
    });
    if (shape.step !== undefined) run.step = shape.step;
    for (const message of traffic.sent ?? []) run.sent(message);
    for (const message of traffic.received ?? [])
      run.received(
        typeof message === "string" ? message : JSON.stringify(message),
        typeof message === "string" ? undefined : message,
      );
    for (const exchange of traffic.exchanges ?? []) run.exchanged(exchange);
  }
  return invariants
    .violations()
    .filter((v) => v.requirement.startsWith(prefix))
    .map((v) => `${v.requirement}: ${v.detail}`);
}
