import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type Revision, type TransportName, selectRevisions } from "../model/revisions.js";
import type { Step, Transcript } from "../model/transcript.js";
import type { ServerFacts } from "./discovery.js";

/** The fixtures a transcript names, by kind (explicit `fixtures`, or read from what it sends). */
export interface FixtureNeeds {
  tools: string[];
  prompts: string[];
  resources: string[];
}

/**
 * Names a transcript uses on purpose as ones that do not exist (unknown-tool, unknown-prompt and
 * unknown-resource checks): never a fixture.
 */
function meantMissing(name: string): boolean {
  return /no_such|nonexistent/.test(name);
}

/** The capability (a path into the declared capabilities) each method needs, by method prefix. */
function capabilityOf(method: string): string[] | undefined {
  if (method === "resources/subscribe" || method === "resources/unsubscribe")
    return ["resources", "subscribe"];
  if (method.startsWith("tools/")) return ["tools"];
  if (method.startsWith("resources/")) return ["resources"];
  if (method.startsWith("prompts/")) return ["prompts"];
  if (method === "completion/complete") return ["completions"];
  if (method === "logging/setLevel") return ["logging"];
  return undefined;
}

function literal(value: Json | undefined): string | undefined {
  return typeof value === "string" && !value.includes("{{") ? value : undefined;
}

/** The requests a transcript sends at one revision over one transport. */
function sentRequests(t: Transcript, revision: Revision, transport: TransportName): JsonObject[] {
  const applies = (step: Step) =>
    (!step.revisions || selectRevisions(step.revisions).includes(revision)) &&
    (!step.transports || step.transports.includes(transport));
  const out: JsonObject[] = [];
  const add = (message: Json | undefined) => {
    for (const m of Array.isArray(message) ? message : [message]) {
      if (isObject(m) && typeof m.method === "string") out.push(m);
    }
  };
  for (const step of t.steps) {
    if (!applies(step)) continue;
    if (step.op === "send") add(step.message);
    if (step.op === "http") add(step.request.body);
  }
  return out;
}

/**
 * The fixtures a transcript needs at one revision: its `fixtures` field, plus every tool, prompt
 * and resource it names literally in a request (except names meant to be missing).
 * @example
 * fixtureNeeds(transcript, "2025-11-25", "stdio").tools; // ["test_simple_text"]
 */
export function fixtureNeeds(t: Transcript, revision: Revision, transport: TransportName): FixtureNeeds {
  const needs: FixtureNeeds = {
    tools: [...(t.fixtures?.tools ?? [])],
    prompts: [...(t.fixtures?.prompts ?? [])],
    resources: [...(t.fixtures?.resources ?? [])],
  };
  const add = (list: string[], name: string | undefined) => {
    if (name !== undefined && !meantMissing(name) && !list.includes(name)) list.push(name);
  };
  for (const request of sentRequests(t, revision, transport)) {
    const params = isObject(request.params) ? request.params : {};
    switch (request.method) {
      case "tools/call":
        add(needs.tools, literal(params.name));
        break;
      case "prompts/get":
        add(needs.prompts, literal(params.name));
        break;
      case "resources/read":
      case "resources/subscribe":
      case "resources/unsubscribe":
        add(needs.resources, literal(params.uri));
        break;
      case "completion/complete": {
        const ref = isObject(params.ref) ? params.ref : {};
        if (ref.type === "ref/prompt") add(needs.prompts, literal(ref.name));
        if (ref.type === "ref/resource") add(needs.resources, literal(ref.uri));
        break;
      }
    }
  }
  return needs;
}

/**
 * The capability paths a transcript's requests need at one revision, e.g. `resources.subscribe`.
 * A transcript with `requires` states its needs itself: nothing is derived for it.
 */
export function capabilityNeeds(t: Transcript, revision: Revision, transport: TransportName): string[] {
  const needs: string[] = [];
  if (t.requires !== undefined) return needs;
  for (const request of sentRequests(t, revision, transport)) {
    const path = capabilityOf(request.method as string);
    if (path && !needs.includes(path.join("."))) needs.push(path.join("."));
  }
  return needs;
}

/** Whether `uri` is an instance of an RFC 6570 template (each `{...}` stands for one or more characters). */
function fitsTemplate(template: string, uri: string): boolean {
  const source = template
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+");
  return new RegExp(`^${source}$`).test(uri);
}

function declared(capabilities: JsonObject, path: string): boolean {
  let at: Json | undefined = capabilities;
  for (const key of path.split(".")) {
    if (!isObject(at)) return false;
    at = at[key];
  }
  return at !== undefined && at !== false && at !== null;
}

/**
 * Why a transcript does not apply to a server, judged from what the server declared and lists, or
 * undefined when it applies. A run that does not apply is reported as "not applicable", never failed.
 * @example
 * notApplicable(transcript, facts, "stdio"); // "not applicable: the server does not declare the capability completions"
 */
export function notApplicable(
  t: Transcript,
  facts: ServerFacts,
  transport: TransportName,
  fixtures: "auto" | "none" = "auto",
): string | undefined {
  const capabilities = capabilityNeeds(t, facts.revision, transport).filter(
    (path) => !declared(facts.capabilities, path),
  );
  if (capabilities.length > 0)
    return `not applicable: the server does not declare the capability ${capabilities.join(", ")}`;
  const needs = fixtureNeeds(t, facts.revision, transport);
  if (fixtures === "none") {
    const named = [
      ...needs.tools.map((n) => `tool ${n}`),
      ...needs.prompts.map((n) => `prompt ${n}`),
      ...needs.resources.map((n) => `resource ${n}`),
    ];
    if (named.length > 0) return `not applicable: needs fixtures (--fixtures none): ${named.join(", ")}`;
    return undefined;
  }
  const missing: string[] = [];
  const lacking = (kind: string, names: string[], listed: string[] | undefined) => {
    for (const name of names) if (!listed?.includes(name)) missing.push(`${kind} ${name}`);
  };
  lacking("tool", needs.tools, facts.tools);
  lacking("prompt", needs.prompts, facts.prompts);
  const templates = facts.templates ?? [];
  lacking(
    "resource",
    needs.resources.filter((uri) => !templates.some((template) => fitsTemplate(template, uri))),
    facts.resources,
  );
  if (missing.length > 0)
    return `not applicable: fixture missing (the server does not list the ${missing.join(", ")})`;
  return undefined;
}
