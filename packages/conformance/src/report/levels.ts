import type { Requirement } from "../load/requirements.js";
import type { RunResult } from "../model/result.js";

/** How binding a failed run's rule is: MUST (and MUST NOT), SHOULD (and SHOULD NOT), or a best practice. */
export type FailureLevel = "MUST" | "SHOULD" | "best practice";

/** Failures of each level, in order of weight. */
export const LEVELS: readonly FailureLevel[] = ["MUST", "SHOULD", "best practice"];

/** The level of one requirement; one the manifest does not know counts as MUST. */
export function levelOf(requirement: Requirement | undefined): FailureLevel {
  const level = requirement?.level;
  if (level === "SHOULD" || level === "SHOULD NOT") return "SHOULD";
  if (level === "best practice") return "best practice";
  return "MUST";
}

/**
 * The level of a failed run: the weightiest level among the requirements its failure names. A
 * stale expected failure (unexpected pass) counts as MUST: the expectations are out of date.
 * @example
 * failureLevel(result, requirements); // "SHOULD"
 */
export function failureLevel(
  result: RunResult,
  requirements: ReadonlyMap<string, Requirement> | undefined,
): FailureLevel {
  if (result.verdict === "unexpected-pass") return "MUST";
  const ids = result.failure?.requirements ?? result.requirements;
  const levels = ids.map((id) => levelOf(requirements?.get(id)));
  return LEVELS.find((level) => levels.includes(level)) ?? "MUST";
}

/** The line printed before the summary when runs failed, e.g. `failed by level: 2 MUST, 1 SHOULD, 0 best practice`. */
export function levelLine(byLevel: Record<FailureLevel, number>): string {
  return `failed by level: ${LEVELS.map((level) => `${byLevel[level]} ${level}`).join(", ")}`;
}
