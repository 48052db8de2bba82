import { type JsonObject, isObject } from "../model/json.js";
import type { RunState, SentRequest } from "./state.js";
import type { Breach } from "./violation.js";

type Push = (requirement: string, detail: string) => void;

/** The top-level keys of a YAML frontmatter block at the very start of `text`, or undefined. */
function frontmatterKeys(text: string): Set<string> | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (match === null) return undefined;
  const keys = new Set<string>();
  for (const line of (match[1] as string).split(/\r?\n/)) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (key !== null) keys.add(key[1] as string);
  }
  return keys;
}

/** A resources/read of a skill's SKILL.md: it exists, is markdown and opens with frontmatter. */
function readRules(message: JsonObject, uri: string, push: Push): void {
  if (isObject(message.error)) {
    push("skills.skillmd.required", `resources/read of the listed SKILL.md ${uri} was refused`);
    return;
  }
  const result = message.result;
  if (!isObject(result) || (typeof result.resultType === "string" && result.resultType !== "complete"))
    return;
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const item = contents.find((c) => isObject(c) && c.uri === uri);
  if (!isObject(item)) return; // resources.read.result judges the shape
  if (item.mimeType !== "text/markdown")
    push("skills.skillmd.mimetype", `${uri} is read with mimeType ${JSON.stringify(item.mimeType ?? null)}`);
  const keys = typeof item.text === "string" ? frontmatterKeys(item.text) : undefined;
  if (keys === undefined || !keys.has("name") || !keys.has("description"))
    push(
      "skills.skillmd.frontmatter",
      `${uri} does not begin with YAML frontmatter holding name and description`,
    );
}

/**
 * Skill files seen through the resources methods (2026-07-28), judged against the skill entries the
 * same revision listed: a listed SKILL.md is readable, `text/markdown`, and opens with frontmatter
 * holding name and description; its resources/list item bears the frontmatter's name and
 * description; a directory listing marks a child that holds listed files as `inode/directory`.
 */
export function skillFileRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  if (state.revision < "2026-07-28") return [];
  const known = state.shared.skills;
  const out: Breach[] = [];
  const push: Push = (requirement, detail) => out.push({ requirement, detail, message });
  const uri = request.params.uri;
  if (request.method === "resources/read" && typeof uri === "string" && known.frontmatter.has(uri))
    readRules(message, uri, push);
  const result = isObject(message.result) ? message.result : undefined;
  if (request.method === "resources/list" && Array.isArray(result?.resources))
    for (const resource of result.resources) {
      if (!isObject(resource) || typeof resource.uri !== "string") continue;
      const front = known.frontmatter.get(resource.uri);
      if (front === undefined) continue;
      for (const key of ["name", "description"])
        if (typeof front[key] === "string" && resource[key] !== front[key])
          push(
            "skills.skillmd.resource-metadata",
            `the resource ${resource.uri} has ${key} ${JSON.stringify(resource[key] ?? null)}, its frontmatter ${JSON.stringify(front[key])}`,
          );
    }
  if (request.method === "resources/directory/read" && Array.isArray(result?.resources))
    for (const child of result.resources)
      if (
        isObject(child) &&
        typeof child.uri === "string" &&
        child.mimeType !== "inode/directory" &&
        known.isDirectory(child.uri)
      )
        push(
          "skills.directory.subdirectory-mimetype",
          `the directory ${child.uri} is listed with mimeType ${JSON.stringify(child.mimeType ?? null)}`,
        );
  return out;
}
