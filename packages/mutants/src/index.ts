/**
 * @mcpkit/mutants: the reference server and client with one injected defect each, to measure how
 * many defects the conformance suite catches (its mutation score).
 *
 * @example
 * ```ts
 * import { serverMutants } from "@mcpkit/mutants";
 * for (const m of serverMutants) console.log(m.name, m.defect);
 * ```
 */
export type { ClientMutant, Line, ServerMutant, TranscriptSubset } from "./mutant.js";
export { serverMutants } from "./server-mutants/index.js";
export { invariantMutants } from "./invariant-mutants/index.js";
export { clientMutants } from "./client-mutants/index.js";
