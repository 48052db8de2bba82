import { describe, it } from "vitest";
import { checkGroups } from "./checks/index.js";
import { resolveOptions } from "./options.js";
import { type ContractCheck, runCheck } from "./session.js";
import type { ContractOptions, TransportPairFactory } from "./types.js";

/** Beyond a check's own budget: time for disposal, so vitest's timeout never fires first. */
const VITEST_MARGIN_MS = 7_000;

/**
 * Registers the transport contract as a vitest `describe` block: one `it` per check, each on
 * fresh pairs from `factory`, skipped (with the reason in its title) where `options` say the
 * transport does not support what it needs.
 *
 * @example
 * ```ts
 * import { runTransportContract } from "@mcpkit/transport-contract";
 * import { createInMemoryPair } from "@mcpkit/core";
 *
 * runTransportContract("in-memory", async () => {
 *   const [a, b] = createInMemoryPair();
 *   return { a, b, dispose: async () => void (await Promise.all([a.close(), b.close()])) };
 * });
 * ```
 */
export function runTransportContract(
  name: string,
  factory: TransportPairFactory,
  options: ContractOptions = {},
): void {
  const resolved = resolveOptions(options);
  describe(`transport contract: ${name}`, () => {
    for (const group of checkGroups) {
      describe(group.title, () => {
        for (const check of group.checks) {
          const reason = check.skip?.(resolved);
          const title = reason === undefined ? check.title : `${check.title} [skipped: ${reason}]`;
          it.skipIf(reason !== undefined)(
            title,
            () => runCheck(check, factory, resolved),
            resolved.timeoutMs + VITEST_MARGIN_MS,
          );
        }
      });
    }
  });
}

/** The id of every check, for `runContractCheck`. */
export const contractCheckIds: readonly string[] = checkGroups.flatMap((group) =>
  group.checks.map((check) => check.id),
);

/**
 * Runs one check outside the suite and resolves when it passes, rejecting with its failure: for
 * debugging one rule, or for testing the suite itself against a faulty transport.
 *
 * @example
 * ```ts
 * await runContractCheck("ordering/a-to-b", factory);
 * ```
 */
export async function runContractCheck(
  id: string,
  factory: TransportPairFactory,
  options: ContractOptions = {},
): Promise<void> {
  const resolved = resolveOptions(options);
  const check = findCheck(id);
  const reason = check.skip?.(resolved);
  if (reason !== undefined) throw new Error(`check ${id} does not apply: ${reason}`);
  await runCheck(check, factory, resolved);
}

function findCheck(id: string): ContractCheck {
  for (const group of checkGroups) {
    const check = group.checks.find((candidate) => candidate.id === id);
    if (check) return check;
  }
  throw new Error(`no contract check ${id}; the ids are ${contractCheckIds.join(", ")}`);
}
