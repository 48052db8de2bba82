import type { CompiledValidator, CompiledValidatorError } from "./compiled-validator.js";
import { loadValidators } from "#load-validators";
import { isRevision, type Revision } from "./revisions.js";
import type { ValidationIssue, ValidationResult } from "./validation-types.js";

const valid: ValidationResult = Object.freeze({ ok: true });

function toIssue(error: CompiledValidatorError): ValidationIssue {
  return {
    pointer: error.instancePath,
    keyword: error.keyword,
    message: error.message ?? `failed ${error.keyword}`,
    schemaPath: error.schemaPath,
    params: error.params,
  };
}

const loaded = new Map<Revision, Readonly<Record<string, CompiledValidator>>>();

/** One revision's validators, loaded on first use (see src/load/). */
function validatorsOf(revision: Revision): Readonly<Record<string, CompiledValidator>> {
  if (!isRevision(revision)) throw new RangeError(`unknown protocol revision: ${String(revision)}`);
  let table = loaded.get(revision);
  if (!table) {
    table = loadValidators(revision);
    loaded.set(revision, table);
  }
  return table;
}

function compiled(revision: Revision, typeName: string): CompiledValidator {
  const fn = validatorsOf(revision)[typeName];
  if (!fn) throw new RangeError(`revision ${revision} has no definition named ${typeName}`);
  return fn;
}

/**
 * A validator for one definition of one revision, resolved once: call it on every message.
 *
 * @example
 * ```ts
 * declare const message: unknown;
 * const checkCall = validatorFor("2025-11-25", "CallToolRequest");
 * const result = checkCall(message);
 * if (!result.ok) console.error(result.issues[0]?.pointer, result.issues[0]?.keyword);
 * ```
 */
export function validatorFor(revision: Revision, typeName: string): (value: unknown) => ValidationResult {
  const fn = compiled(revision, typeName);
  return (value) => (fn(value) ? valid : { ok: false, issues: (fn.errors ?? []).map(toIssue) });
}

/**
 * Validates a value against one definition of one revision, with validators compiled ahead of time.
 * Reports the first failure found, naming the JSON pointer of the bad value and the failed keyword.
 *
 * @example
 * ```ts
 * const result = validate("2025-06-18", "CallToolRequest", { method: "tools/call", params: {} });
 * // { ok: false, issues: [{ pointer: "/params", keyword: "required", message: "must have required property 'name'", ... }] }
 * ```
 * @throws RangeError for an unknown revision or definition name.
 */
export function validate(revision: Revision, typeName: string, value: unknown): ValidationResult {
  const fn = compiled(revision, typeName);
  return fn(value) ? valid : { ok: false, issues: (fn.errors ?? []).map(toIssue) };
}

/**
 * The names of every definition a revision has, sorted.
 *
 * @example
 * ```ts
 * definitionNames("2024-11-05").includes("CallToolRequest"); // true
 * ```
 */
export function definitionNames(revision: Revision): readonly string[] {
  return Object.keys(validatorsOf(revision));
}
