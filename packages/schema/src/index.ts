/**
 * @mcpkit/schema: the Model Context Protocol's JSON Schema for every revision, TypeScript types
 * generated from it, validators compiled ahead of time, and each revision's method table.
 *
 * Per-revision types live in subpaths, e.g. `import type { CallToolRequest } from "@mcpkit/schema/2025-11-25"`,
 * and are also re-exported here as type namespaces (`V2025_11_25.CallToolRequest`).
 */
export { eraOf, isRevision, latestRevision, revisions, type Era, type Revision } from "./revisions.js";
export { definitionNames, validate, validatorFor } from "./validation.js";
export type { ValidationIssue, ValidationResult } from "./validation-types.js";
export { methodInfo, methodTable } from "./methods.js";
export { capabilityFields, type CapabilityFields } from "./capability-fields.js";
export type { MethodDirection, MethodGate, MethodInfo, MethodTable } from "./method-table.js";
export type { CompiledValidator, CompiledValidatorError } from "./compiled-validator.js";
export type * as V2024_11_05 from "./generated/2024-11-05/types.js";
export type * as V2025_03_26 from "./generated/2025-03-26/types.js";
export type * as V2025_06_18 from "./generated/2025-06-18/types.js";
export type * as V2025_11_25 from "./generated/2025-11-25/types.js";
export type * as V2026_07_28 from "./generated/2026-07-28/types.js";
