import { afterAll, describe, expect, it } from "vitest";
import type { TranscriptSubset } from "../src/mutant.js";
import { clientMutants } from "../src/client-mutants/index.js";
import { invariantMutants } from "../src/invariant-mutants/index.js";
import { serverMutants } from "../src/server-mutants/index.js";
import {
  MUTANT_CLIENT,
  MUTANT_SERVER,
  type Outcome,
  REFERENCE_CLIENT,
  REFERENCE_SERVER,
  runClient,
  runServer,
} from "./harness.js";

/**
 * Mutation testing of the conformance suite: every mutant (the reference server or client with one
 * injected defect) must fail at least one transcript of its subset, while the unmutated reference
 * passes that same subset. Runs two at a time (vitest maxConcurrency), in-process through the
 * runner's programmatic API.
 */

const killedBy = new Map<string, readonly string[]>();
const baselines = new Map<string, Promise<Outcome>>();

/** The reference's outcome on a subset, computed once per distinct subset. */
function baseline(side: "server" | "client", subset: TranscriptSubset): Promise<Outcome> {
  const key = JSON.stringify([side, subset]);
  let outcome = baselines.get(key);
  if (outcome === undefined) {
    outcome =
      side === "server" ? runServer(REFERENCE_SERVER, [], subset) : runClient(REFERENCE_CLIENT, [], subset);
    baselines.set(key, outcome);
  }
  return outcome;
}

function expectKilled(name: string, reference: Outcome, mutant: Outcome): void {
  // The subset is meaningful: the reference runs it and passes every run.
  expect(reference.failed, reference.output).toEqual([]);
  expect(reference.passed.length, reference.output).toBeGreaterThan(0);
  expect(reference.exitCode).toBe(0);
  killedBy.set(name, mutant.failed);
  expect(mutant.failed.length, `${name} survived:\n${mutant.output}`).toBeGreaterThan(0);
  expect(mutant.exitCode).toBe(1);
}

describe("the mutant catalogue", () => {
  it("has at least 30 server mutants and a few client mutants, with unique names", () => {
    expect(serverMutants.length).toBeGreaterThanOrEqual(30);
    expect(clientMutants.length).toBeGreaterThanOrEqual(3);
    const names = [...serverMutants, ...clientMutants].map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("checks every mutant on a transport where its defect exists", () => {
    for (const m of [...serverMutants, ...clientMutants]) {
      expect(m.transports as readonly string[], m.name).toContain(m.subset.transport);
      expect(m.subset.ids.length, m.name).toBeGreaterThan(0);
    }
  });
});

// The invariant mutants are checked, with the runner's invariant layer, in invariants.test.ts.
const transcriptMutants = serverMutants.filter((m) => !invariantMutants.includes(m));

describe.concurrent("server mutants are killed", () => {
  for (const m of transcriptMutants) {
    it(`${m.name}: ${m.defect}`, async () => {
      const reference = await baseline("server", m.subset);
      const mutant = await runServer(MUTANT_SERVER, [m.name], m.subset);
      expectKilled(m.name, reference, mutant);
    });
  }
});

describe.concurrent("client mutants are killed", () => {
  for (const m of clientMutants) {
    it(`${m.name}: ${m.defect}`, async () => {
      const reference = await baseline("client", m.subset);
      const mutant = await runClient(MUTANT_CLIENT, [m.name], m.subset);
      expectKilled(m.name, reference, mutant);
    });
  }
});

afterAll(() => {
  const all = [...serverMutants, ...clientMutants];
  const killed = all.filter((m) => (killedBy.get(m.name) ?? []).length > 0);
  const lines = all.map((m) => {
    const by = killedBy.get(m.name);
    const verdict = by === undefined ? "not run" : by.length > 0 ? `killed by ${by.join(", ")}` : "SURVIVED";
    return `  ${m.name}: ${verdict}`;
  });
  console.log(`${lines.join("\n")}\nmutation score: ${killed.length}/${all.length} killed`);
});
