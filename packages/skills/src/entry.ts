import type { SkillEntry, SkillResourceEntry } from "./wire.js";

const DIGEST = /^sha256:[0-9a-f]{64}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Checks a skill entry as a server sent it: `uri` (ending in `/SKILL.md`), `frontmatter` with a
 * `name` equal to the URI's last skill-path segment and a `description`, and `resources` (an array
 * of `{uri, digest, size}` that includes the SKILL.md itself, or `"dynamic"`). Returns the entry,
 * or why it is not one.
 */
export function checkEntry(value: unknown): SkillEntry | string {
  if (!isObject(value)) return "the entry is not an object";
  const { uri, frontmatter, resources } = value;
  if (typeof uri !== "string" || !uri.endsWith("/SKILL.md")) return "uri is not the URI of a SKILL.md";
  if (!isObject(frontmatter)) return `${uri}: frontmatter is not an object`;
  if (typeof frontmatter.name !== "string" || typeof frontmatter.description !== "string")
    return `${uri}: frontmatter lacks a name or a description`;
  const segments = uri.slice(uri.indexOf("://") + 3).split("/");
  if (segments[segments.length - 2] !== frontmatter.name)
    return `${uri}: the skill path does not end in the name ${JSON.stringify(frontmatter.name)}`;
  if (resources !== "dynamic") {
    if (!Array.isArray(resources)) return `${uri}: resources is neither an array nor "dynamic"`;
    const directory = uri.slice(0, -"/SKILL.md".length);
    for (const item of resources as unknown[]) {
      if (!isObject(item) || typeof item.uri !== "string") return `${uri}: a resources item has no uri`;
      if (item.uri !== uri && !item.uri.startsWith(`${directory}/`))
        return `${uri}: ${item.uri} is outside the skill's directory`;
      if (typeof item.digest !== "string" || !DIGEST.test(item.digest))
        return `${uri}: ${item.uri} has no sha256:{hex} digest`;
      if (typeof item.size !== "number" || !Number.isSafeInteger(item.size) || item.size < 0)
        return `${uri}: ${item.uri} has no byte size`;
    }
    if (!(resources as SkillResourceEntry[]).some((item) => item.uri === uri))
      return `${uri}: resources does not list the SKILL.md itself`;
  }
  return { uri, frontmatter: frontmatter as SkillEntry["frontmatter"], resources } as SkillEntry;
}
