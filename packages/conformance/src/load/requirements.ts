import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isObject } from "../model/json.js";

/** One requirement of the manifest (conformance/requirements/). */
export interface Requirement {
  id: string;
  level?: string;
  url?: string;
  /** Links per revision, when the manifest has them (`urls: {"2025-06-18": "https://..."}`). */
  urls?: Record<string, string>;
  text?: string;
}

/** The spec link of a requirement for one revision: its per-revision link, else its main link. */
export function requirementUrl(requirement: Requirement | undefined, revision: string): string | undefined {
  return requirement?.urls?.[revision] ?? requirement?.url;
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listJson(full));
    else if (name.endsWith(".json") && !name.startsWith("_")) out.push(full);
  }
  return out;
}

function entriesOf(doc: unknown): unknown[] {
  if (Array.isArray(doc)) return doc;
  if (isObject(doc) && Array.isArray(doc.requirements)) return doc.requirements;
  return [];
}

/**
 * Reads every requirement from the JSON files under `dir` (tolerant: `{requirements: [...]}` or a
 * bare array; a link may be `url`, `link` or `specUrl`). Returns undefined when `dir` is missing.
 * @example
 * const manifest = loadRequirements("conformance/requirements");
 */
export function loadRequirements(dir: string): Map<string, Requirement> | undefined {
  if (!existsSync(dir)) return undefined;
  const map = new Map<string, Requirement>();
  for (const file of listJson(dir)) {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
    }
    for (const entry of entriesOf(doc)) {
      if (!isObject(entry) || typeof entry.id !== "string") continue;
      const url = [entry.url, entry.link, entry.specUrl].find((v) => typeof v === "string") as
        | string
        | undefined;
      const requirement: Requirement = { id: entry.id };
      if (typeof entry.level === "string") requirement.level = entry.level;
      if (url !== undefined) requirement.url = url;
      if (typeof entry.text === "string") requirement.text = entry.text;
      if (isObject(entry.urls)) {
        const urls = Object.entries(entry.urls).filter(
          (pair): pair is [string, string] => typeof pair[1] === "string",
        );
        if (urls.length > 0) requirement.urls = Object.fromEntries(urls);
      }
      map.set(entry.id, requirement);
    }
  }
  return map;
}

export { listJson };
