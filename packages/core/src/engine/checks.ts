import {
  methodInfo,
  methodTable,
  revisions,
  validatorFor,
  type MethodInfo,
  type Revision,
  type ValidationIssue,
  type ValidationResult,
} from "@mcpkit/schema";
import { truncateEcho } from "../echo.js";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import { gateOwner, hasCapability } from "../eras/capabilities.js";
import type { Capabilities, Role } from "../eras/era.js";
import { reservedForExtension } from "./extension-methods.js";

/** Methods of any revision: one unknown to all of them is a custom (extension) method. */
const knownMethods: ReadonlySet<string> = new Set(revisions.flatMap((r) => Object.keys(methodTable(r))));

/** Whether some revision defines the method. Custom methods pass through unvalidated. */
export function isKnownMethod(method: string): boolean {
  return knownMethods.has(method);
}

// By revision, then definition: two lookups of interned strings, no key to build per message.
const validators = new Map<Revision, Map<string, (value: unknown) => ValidationResult>>();

function validatorOf(revision: Revision, definition: string): (value: unknown) => ValidationResult {
  let ofRevision = validators.get(revision);
  if (!ofRevision) {
    ofRevision = new Map();
    validators.set(revision, ofRevision);
  }
  let validator = ofRevision.get(definition);
  if (!validator) {
    validator = validatorFor(revision, definition);
    ofRevision.set(definition, validator);
  }
  return validator;
}

/** The first validation issue of a value against a definition, or undefined when it is valid. */
export function firstIssue(
  revision: Revision,
  definition: string,
  value: unknown,
): ValidationIssue | undefined {
  const result = validatorOf(revision, definition)(value);
  return result.ok ? undefined : result.issues[0];
}

/**
 * The first issue of a result against the definitions that may answer a method, or undefined when
 * one of them accepts it. `input_required` results are checked against `InputRequiredResult` only,
 * so the issue reported is the relevant one. A result of another `resultType` (SEP-2322 leaves the
 * discriminator open: an extension's, such as the tasks extension's `"task"`) is not checked.
 */
export function firstResultIssue(
  revision: Revision,
  definitions: readonly string[],
  result: unknown,
): ValidationIssue | undefined {
  const resultType =
    typeof result === "object" && result !== null
      ? (result as Record<string, unknown>).resultType
      : undefined;
  // Another kind of result (an extension's, e.g. `"task"`): not the method's to check.
  if (typeof resultType === "string" && resultType !== "complete" && resultType !== "input_required")
    return undefined;
  const inputRequired = resultType === "input_required";
  const candidates = definitions.filter((d) => (d === "InputRequiredResult") === inputRequired);
  let first: ValidationIssue | undefined;
  for (const definition of candidates.length > 0 ? candidates : definitions) {
    const issue = firstIssue(revision, definition, result);
    if (!issue) return undefined;
    first ??= issue;
  }
  return first;
}

/**
 * The `data` of a -32602 error raised by schema validation: a JSON pointer (RFC 6901) into the
 * message to the bad value (for a missing member, to where it should be) and the JSON Schema keyword
 * that failed. The error's message says the same in words.
 *
 * @example
 * ```ts
 * // { "code": -32602, "message": "Invalid params: /params/name must be string",
 * //   "data": { "pointer": "/params/name", "keyword": "type" } }
 * // { "code": -32602, "message": "Invalid params: /params/name is required",
 * //   "data": { "pointer": "/params/name", "keyword": "required" } }
 * ```
 */
export interface InvalidParamsData {
  readonly pointer: string;
  readonly keyword: string;
}

function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Where an issue is and what it says, with `required` issues pointing at the missing member. */
export function describeIssue(issue: ValidationIssue): { pointer: string; keyword: string; text: string } {
  const missing = issue.params.missingProperty;
  // The pointer may name members the peer chose: it is repeated back bounded.
  if (issue.keyword === "required" && typeof missing === "string") {
    return {
      pointer: truncateEcho(`${issue.pointer}/${escapePointer(missing)}`),
      keyword: "required",
      text: "is required",
    };
  }
  return { pointer: truncateEcho(issue.pointer), keyword: issue.keyword, text: issue.message };
}

/**
 * The -32602 error for a message that failed validation, e.g.
 * `{ code: -32602, message: "Invalid params: /params/name must be string", data: { pointer: "/params/name", keyword: "type" } }`.
 */
export function invalidParamsError(issue: ValidationIssue): McpError {
  const { pointer, keyword, text } = describeIssue(issue);
  const data: InvalidParamsData = { pointer, keyword };
  return new McpError(ErrorCode.InvalidParams, `Invalid params: ${pointer || "(message)"} ${text}`, data);
}

/** The LocalError for an outbound message that failed validation. */
export function invalidOutboundError(what: string, revision: Revision, issue: ValidationIssue): LocalError {
  const { pointer, text } = describeIssue(issue);
  return new LocalError(
    "invalid_outbound",
    `${what} does not match revision ${revision}: ${pointer || "(message)"} ${text}; it was not sent`,
  );
}

/**
 * The -32601 answer, with the method (bounded: see `truncateEcho`) and, when that is the reason,
 * the undeclared capability in `data`.
 */
export function methodNotFound(method: string, capability?: string): McpError {
  const named = truncateEcho(method);
  const data = capability === undefined ? { method: named } : { method: named, capability };
  return new McpError(ErrorCode.MethodNotFound, "Method not found", data);
}

function sends(info: MethodInfo, role: Role): boolean {
  return (
    info.direction === "both" ||
    info.direction === (role === "client" ? "client-to-server" : "server-to-client")
  );
}

const peerOf = (role: Role): Role => (role === "client" ? "server" : "client");

/**
 * Checks that this side may send a method under a revision: the revision has it, this side sends
 * it, it travels as a message, and the capability that gates it is declared. Returns the method's
 * info (undefined for a custom method) or throws `LocalError`.
 */
export function checkOutbound(
  kind: MethodInfo["kind"],
  method: string,
  revision: Revision,
  role: Role,
  own: Capabilities | undefined,
  peer: Capabilities | undefined,
): MethodInfo | undefined {
  const info = methodInfo(revision, method);
  if (!info) {
    if (!isKnownMethod(method) || reservedForExtension(revision, method)) return undefined;
    throw new LocalError("method_unavailable", `${method} is not part of revision ${revision}`);
  }
  if (info.kind !== kind)
    throw new LocalError("method_unavailable", `${method} is a ${info.kind}, not a ${kind}`);
  if (!sends(info, role)) throw new LocalError("method_unavailable", `a ${role} does not send ${method}`);
  if (info.delivery !== "message") {
    throw new LocalError(
      "method_unavailable",
      `in revision ${revision}, ${method} is not sent as a message: return it in an input_required result`,
    );
  }
  if (info.gate) {
    if (gateOwner(info.gate, role) === "sender") {
      if (!hasCapability(own, info.gate.path)) {
        throw new LocalError(
          "capability_not_declared",
          `this ${role} did not declare the capability "${info.gate.path}" that ${method} needs`,
        );
      }
    } else if (peer !== undefined && !hasCapability(peer, info.gate.path)) {
      throw new LocalError(
        "capability_missing",
        `the ${peerOf(role)} did not declare the capability "${info.gate.path}" that ${method} needs`,
      );
    }
  }
  return info;
}

/** The outcome of checking an inbound method. */
export type InboundCheck =
  | { readonly ok: true; readonly info: MethodInfo | undefined }
  | { readonly ok: false; readonly error: McpError };

/**
 * Checks that this side accepts a method under a revision: the revision has it, the peer sends it,
 * it travels as a message, and this side declared the capability that gates it. Gates on the
 * peer's own declarations are not enforced on receipt (be tolerant in what you accept).
 */
export function checkInbound(
  kind: MethodInfo["kind"],
  method: string,
  revision: Revision,
  role: Role,
  own: Capabilities | undefined,
): InboundCheck {
  const info = methodInfo(revision, method);
  if (!info) return isKnownMethod(method) ? { ok: false, error: methodNotFound(method) } : { ok: true, info };
  if (info.kind !== kind || !sends(info, peerOf(role)) || info.delivery !== "message") {
    return { ok: false, error: methodNotFound(method) };
  }
  if (info.gate && gateOwner(info.gate, peerOf(role)) === "receiver" && !hasCapability(own, info.gate.path)) {
    return { ok: false, error: methodNotFound(method, info.gate.path) };
  }
  return { ok: true, info };
}
