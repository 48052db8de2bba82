import { capabilityFields, type MethodGate, type Revision } from "@mcpkit/schema";
import type { Capabilities, Role } from "./era.js";

/**
 * Whether a capabilities object declares the capability at a dotted path: every segment present,
 * and the last one neither `false`, `null` nor absent (`{}` and `true` both declare).
 *
 * @example
 * ```ts
 * hasCapability({ resources: { subscribe: true } }, "resources.subscribe"); // true
 * hasCapability({ resources: {} }, "resources.subscribe");                  // false
 * hasCapability({ tools: {} }, "tools");                                    // true
 * ```
 */
export function hasCapability(capabilities: Capabilities | undefined, path: string): boolean {
  let node: unknown = capabilities;
  for (const segment of segmentsOf(path)) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return false;
    if (!Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return node !== undefined && node !== null && node !== false;
}

// Capability paths are a handful of constants, checked on every message: split each once (up to a
// bound, should a caller pass paths of its own making).
const splitPaths = new Map<string, readonly string[]>();
const MAX_SPLIT_PATHS = 256;

function segmentsOf(path: string): readonly string[] {
  let segments = splitPaths.get(path);
  if (!segments) {
    segments = path.split(".");
    if (splitPaths.size < MAX_SPLIT_PATHS) splitPaths.set(path, segments);
  }
  return segments;
}

/**
 * The smallest capabilities object that declares a dotted path, e.g. for the `requiredCapabilities`
 * of a -32021 error.
 *
 * @example
 * ```ts
 * capabilityFor("elicitation.url"); // { elicitation: { url: {} } }
 * ```
 */
export function capabilityFor(path: string): Record<string, unknown> {
  const segments = path.split(".");
  let value: Record<string, unknown> = {};
  for (let i = segments.length - 1; i >= 0; i--) value = { [segments[i] as string]: value };
  return value;
}

/**
 * Whose declaration a method gate checks, seen from the sender: `receiver` for the usual case (a
 * client may call `tools/list` only if the server declared `tools`), `sender` when the gate names
 * the sender's own side (a server sends `notifications/tools/list_changed` only if it declared
 * `tools.listChanged`).
 *
 * @example
 * ```ts
 * gateOwner({ side: "server", path: "tools" }, "client"); // "receiver"
 * gateOwner({ side: "server", path: "logging" }, "server"); // "sender"
 * ```
 */
export function gateOwner(gate: MethodGate, sender: Role): "sender" | "receiver" {
  if (gate.side === "receiver") return "receiver";
  return gate.side === sender ? "sender" : "receiver";
}

/**
 * A capabilities object as a revision can carry it: only the members that revision's
 * `ClientCapabilities` or `ServerCapabilities` defines (the schema's facts), so a peer is never
 * sent a field its revision does not have. The object itself comes back when nothing is dropped.
 *
 * @example
 * ```ts
 * capabilitiesForRevision("2026-07-28", "server", { tasks: {}, tools: {} }); // { tools: {} }
 * capabilitiesForRevision("2024-11-05", "client", { roots: {}, elicitation: {} }); // { roots: {} }
 * capabilitiesForRevision("2025-06-18", "server", { extensions: { "com.example/echo": {} } }); // kept
 * ```
 */
export function capabilitiesForRevision(
  revision: Revision,
  side: Role,
  capabilities: Capabilities,
): Capabilities {
  const fields = capabilityFields(revision, side);
  const keys = Object.keys(capabilities);
  if (keys.every((key) => carries(fields, key))) return capabilities;
  const carried: Record<string, unknown> = {};
  for (const key of keys) if (carries(fields, key)) carried[key] = capabilities[key];
  return carried;
}

/**
 * Whether a revision carries a capability member. `extensions` rides in every revision: SEP-2133
 * negotiates extensions "in the `initialize` request" of session-era revisions (its examples use
 * 2025-06-18) as well as in 2026-07-28's `server/discover` and request envelope, although only
 * 2026-07-28's schema names the field.
 */
function carries(fields: readonly string[], key: string): boolean {
  return key === "extensions" || fields.includes(key);
}
