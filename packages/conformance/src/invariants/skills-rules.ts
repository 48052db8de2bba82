import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { RunState, SentRequest } from "./state.js";
import type { Breach } from "./violation.js";

type Push = (requirement: string, detail: string) => void;

const SKILLS = "io.modelcontextprotocol/skills";
const SKILL_MD = "/SKILL.md";
/** Agent Skills names: 1-64 lowercase letters, digits and single hyphens, none at either end. */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** RFC 3986 reg-name: unreserved, sub-delims and percent-encoded octets (non-empty here). */
const REG_NAME = /^([A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MAX_RESOURCES = 512;
const MAX_BYTES = 16 * 1024 * 1024;
/** Keys of an extension-declaration envelope, which the settings must not be wrapped in. */
const ENVELOPE = ["config", "specVersion", "stability"];

/** The server's skills extension settings, when its declared capabilities carry them. */
function skillsSettings(state: RunState): Json | undefined {
  const extensions = state.serverCapabilities()?.extensions;
  return isObject(extensions) ? extensions[SKILLS] : undefined;
}

function cacheHints(result: JsonObject): boolean {
  const ttl = result.ttlMs;
  return (
    typeof ttl === "number" &&
    Number.isInteger(ttl) &&
    ttl >= 0 &&
    (result.cacheScope === "public" || result.cacheScope === "private")
  );
}

/** The resources of one entry: shape, digest, size, place, completeness and limits. */
function resourcesRules(uri: string, resources: Json | undefined, push: Push): void {
  if (resources === "dynamic") return;
  if (!Array.isArray(resources)) {
    push(
      "skills.entry.resources",
      `${uri}: resources is ${JSON.stringify(resources ?? null)}, neither an array nor "dynamic"`,
    );
    return;
  }
  const directory = uri.slice(0, -SKILL_MD.length);
  const seen = new Set<string>();
  let bytes = 0;
  for (const item of resources) {
    if (!isObject(item) || typeof item.uri !== "string") {
      push("skills.entry.resources", `${uri}: a resources item without a uri`);
      continue;
    }
    if (seen.has(item.uri)) push("skills.resources.complete", `${uri}: ${item.uri} is listed twice`);
    seen.add(item.uri);
    if (item.uri !== uri && !item.uri.startsWith(`${directory}/`))
      push("skills.resources.within-skill", `${uri}: resource ${item.uri} is outside the skill's directory`);
    if (typeof item.digest !== "string" || !DIGEST.test(item.digest))
      push(
        "skills.resources.digest-format",
        `${uri}: ${item.uri} has digest ${JSON.stringify(item.digest ?? null)}`,
      );
    if (typeof item.size !== "number" || !Number.isInteger(item.size) || item.size < 0)
      push("skills.resources.size", `${uri}: ${item.uri} has size ${JSON.stringify(item.size ?? null)}`);
    else bytes += item.size;
  }
  if (!seen.has(uri))
    push("skills.resources.complete", `${uri}: its resources leave out the SKILL.md itself`);
  if (resources.length > MAX_RESOURCES)
    push("skills.limits.resources-per-skill", `${uri}: ${resources.length} resources entries`);
  if (bytes > MAX_BYTES) push("skills.limits.total-size", `${uri}: its files add up to ${bytes} bytes`);
}

/** Remembers an entry's SKILL.md and files for the rules on skill files (skill-file-rules). */
function remember(entry: Json, state: RunState): void {
  if (!isObject(entry) || typeof entry.uri !== "string" || !isObject(entry.frontmatter)) return;
  state.shared.skills.rememberEntry(entry.uri, entry.frontmatter);
  if (Array.isArray(entry.resources))
    for (const item of entry.resources)
      if (isObject(item) && typeof item.uri === "string") state.shared.skills.rememberFile(item.uri);
}

/** One skill entry (skills/list item or skills/get's skill); returns its name when it has one. */
function entryRules(entry: Json, push: Push): string | undefined {
  if (!isObject(entry)) {
    push("skills.entry.uri", "a skill entry that is not an object");
    return undefined;
  }
  const uri = entry.uri;
  const front = entry.frontmatter;
  const name = isObject(front) && typeof front.name === "string" ? front.name : undefined;
  if (!isObject(front) || name === undefined || typeof front.description !== "string")
    push(
      "skills.entry.frontmatter",
      `${JSON.stringify(uri ?? null)}: frontmatter without name and description`,
    );
  if (typeof uri !== "string" || !uri.endsWith(SKILL_MD) || !/^[A-Za-z][A-Za-z0-9+.-]*:./.test(uri)) {
    push(
      "skills.entry.uri",
      `a skill entry with uri ${JSON.stringify(uri ?? null)}, not the URI of a SKILL.md`,
    );
    return name;
  }
  const scheme = uri.slice(0, uri.indexOf(":"));
  if (scheme !== "skill") push("skills.uri.scheme", `${uri}: scheme ${scheme}, not skill`);
  const hier = uri.slice(scheme.length + 1, -SKILL_MD.length);
  const segments = hier.replace(/^\/\//, "").split("/");
  const authority = segments[0] ?? "";
  const last = segments[segments.length - 1] ?? "";
  // The skill path's first segment is the authority only under the skill:// scheme.
  if (scheme === "skill" && !REG_NAME.test(authority))
    push(
      "skills.uri.authority-reg-name",
      `${uri}: authority ${JSON.stringify(authority)} is not an RFC 3986 reg-name`,
    );
  if (last.length > 64 || !NAME.test(last))
    push("skills.name.naming-rules", `${uri}: skill name ${JSON.stringify(last)} breaks the naming rules`);
  if (name !== undefined && name !== last)
    push(
      "skills.entry.name-matches-uri",
      `${uri}: frontmatter name ${JSON.stringify(name)} is not ${JSON.stringify(last)}`,
    );
  resourcesRules(uri, entry.resources, push);
  return name;
}

function listRules(result: JsonObject, state: RunState, push: Push): void {
  if (!Array.isArray(result.skills)) {
    push("skills.list.result", "a skills/list result without a skills array");
    return;
  }
  if (!cacheHints(result))
    push("skills.list.cache-attributes", "a skills/list result without ttlMs and cacheScope");
  const names = new Set<string>();
  for (const entry of result.skills) {
    remember(entry, state);
    const name = entryRules(entry, push);
    if (name === undefined) continue;
    if (names.has(name)) push("skills.names.unique", `skill name ${JSON.stringify(name)} is listed twice`);
    names.add(name);
  }
}

function getRules(result: JsonObject, request: SentRequest, state: RunState, push: Push): void {
  const skill = result.skill;
  const asked = request.params.uri;
  if (!isObject(skill) || skill.uri !== asked)
    push(
      "skills.get.result",
      `a skills/get of ${JSON.stringify(asked ?? null)} answered without that skill's entry`,
    );
  if (Object.hasOwn(result, "nextCursor"))
    push("skills.get.no-cursor", "a skills/get result with nextCursor");
  if (!cacheHints(result))
    push("skills.get.cache-attributes", "a skills/get result without ttlMs and cacheScope");
  if (isObject(skill)) {
    remember(skill, state);
    entryRules(skill, push);
  }
}

/** The extension's declaration in server/discover: settings inline, resources declared too. */
function declarationRules(result: JsonObject, push: Push): void {
  const capabilities = result.capabilities;
  if (!isObject(capabilities) || !isObject(capabilities.extensions)) return;
  if (!Object.hasOwn(capabilities.extensions, SKILLS)) return;
  const settings = capabilities.extensions[SKILLS];
  if (!isObject(settings))
    push("skills.capability.settings-inline", "the skills extension's settings are not an object");
  else {
    const envelope = ENVELOPE.filter((key) => Object.hasOwn(settings, key));
    if (envelope.length > 0)
      push(
        "skills.capability.settings-inline",
        `the skills extension's settings sit in an envelope (${envelope.join(", ")})`,
      );
  }
  if (!isObject(capabilities.resources))
    push(
      "skills.capability.requires-resources",
      "the skills extension is declared without the resources capability",
    );
}

/**
 * The skills extension (SEP-2640, 2026-07-28) on every answer: its declaration, skills/list and
 * skills/get entries (uri, frontmatter, name, resources with digests and sizes, limits), cache
 * attributes, no -32601 for the methods the declaration commits to, and directory listings.
 */
export function skillsRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  if (state.revision < "2026-07-28") return [];
  const out: Breach[] = [];
  const push: Push = (requirement, detail) => out.push({ requirement, detail, message });
  const method = request.method;
  const result = message.result;
  if (isObject(message.error)) {
    const settings = skillsSettings(state);
    if (message.error.code !== -32601 || settings === undefined) return out;
    if (method === "skills/list" || method === "skills/get")
      push(
        "skills.capability.commits-to-methods",
        `${method} refused with -32601 by a server declaring ${SKILLS}`,
      );
    if (method === "resources/directory/read" && isObject(settings) && settings.directoryRead === true)
      push(
        "skills.directory.supported",
        "resources/directory/read refused with -32601 although directoryRead is declared",
      );
    return out;
  }
  if (!isObject(result)) return out;
  if (method === "server/discover") declarationRules(result, push);
  if (method === "skills/list") listRules(result, state, push);
  if (method === "skills/get") getRules(result, request, state, push);
  if (
    method === "resources/directory/read" &&
    (typeof result.resultType !== "string" || result.resultType === "complete")
  ) {
    const children = result.resources;
    if (!Array.isArray(children) || children.some((c) => !isObject(c) || typeof c.uri !== "string"))
      push(
        "skills.directory.children",
        "a resources/directory/read result whose resources are not items with a uri",
      );
  }
  return out;
}
