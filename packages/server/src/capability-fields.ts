import type { Capabilities, ExtensionSettings, JsonObject } from "@mcpkit/core";

/** What a server's capabilities are derived from. */
export interface CapabilitySources {
  readonly logging: boolean;
  /** How many of each are registered (enabled or not). */
  readonly prompts: number;
  readonly resources: number;
  readonly templates: number;
  readonly tools: number;
  /** Whether a tool allows task-augmented calls and tasks are on (2025-11-25). */
  readonly taskTools: boolean;
  /** Installed extensions, by id, with their settings. */
  readonly declared: ReadonlyMap<string, ExtensionSettings>;
  /** Capability members extensions add. */
  readonly fields: ReadonlyMap<string, JsonObject>;
  /** `ServerOptions.capabilities`, merged over what is derived. */
  readonly explicit: Capabilities | undefined;
}

/** The capabilities derived from what is registered and installed, with the explicit ones over them. */
export function derivedCapabilities(sources: CapabilitySources): Capabilities {
  const { declared, fields, explicit } = sources;
  const extensions =
    declared.size === 0
      ? undefined
      : { ...Object.fromEntries(declared), ...(explicit?.extensions as object | undefined) };
  return {
    ...(sources.logging ? { logging: {} } : {}),
    ...(sources.prompts + sources.templates > 0 ? { completions: {} } : {}),
    ...(sources.prompts > 0 ? { prompts: { listChanged: true } } : {}),
    ...(sources.resources > 0 ? { resources: { subscribe: true, listChanged: true } } : {}),
    ...(sources.tools > 0 ? { tools: { listChanged: true } } : {}),
    ...(sources.taskTools ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : {}),
    ...mergedFields(fields, explicit),
    ...(extensions ? { extensions } : {}),
  };
}

/**
 * Extensions' capability members under the explicit capabilities, one level deep (an extension's
 * `experimental` entry and the options' own both survive; the options win on a clash).
 */
function mergedFields(
  fields: ReadonlyMap<string, JsonObject>,
  explicit: Capabilities | undefined,
): Capabilities {
  if (fields.size === 0) return explicit ?? {};
  const merged: Record<string, unknown> = { ...explicit };
  for (const [field, value] of fields) {
    const given = explicit?.[field];
    const isObject = typeof given === "object" && given !== null && !Array.isArray(given);
    merged[field] = given === undefined ? value : isObject ? { ...value, ...given } : given;
  }
  return merged;
}
