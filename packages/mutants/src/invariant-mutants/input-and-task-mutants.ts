import type { ServerMutant } from "../mutant.js";
import { inputRequiredNestedSchema } from "./input-required-nested-schema.js";
import { inputRequiredSamplingContext } from "./input-required-sampling-context.js";
import { inputRequiredSamplingTools } from "./input-required-sampling-tools.js";
import { inputRequiredUrlUndeclared } from "./input-required-url-undeclared.js";

/**
 * Invariant mutants of the manifest sweep over input requests (2026-07-28 inputRequests) and tasks,
 * each with the requirement its defect breaks.
 */
export const inputAndTaskMutants: readonly ServerMutant[] = [
  inputRequiredNestedSchema,
  inputRequiredUrlUndeclared,
  inputRequiredSamplingTools,
  inputRequiredSamplingContext,
];

/** The requirement each of {@link inputAndTaskMutants} breaks. */
export const inputAndTaskBreaks: Readonly<Record<string, string>> = {
  "input-required-nested-schema": "elicitation.schema.restricted",
  "input-required-url-undeclared": "elicitation.server-respect-modes",
  "input-required-sampling-tools": "sampling.tools.gated",
  "input-required-sampling-context": "sampling.context.gated",
};
