import { parse } from "yaml";
import { MAX_DESCRIPTION_LENGTH, RESERVED_METADATA_PREFIX } from "./constants.js";
import type { JsonValue, SkillFrontmatter } from "./wire.js";

/** A leading `---` line, the YAML, and a closing `---` line (a UTF-8 byte order mark may come first). */
const BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m;

/** A SKILL.md split into its frontmatter (as JSON) and the Markdown after it. */
export interface ParsedSkillMd {
  readonly frontmatter: Readonly<Record<string, JsonValue>>;
  readonly body: string;
}

/** Whether a parsed YAML value is JSON (no non-finite numbers, no dates, plain objects). */
function isJson(value: unknown, depth = 0): value is JsonValue {
  if (depth > 64) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every((item) => isJson(item, depth + 1));
  return false;
}

/**
 * Splits a SKILL.md into its YAML frontmatter, parsed with the `yaml` package (YAML 1.2 core
 * schema, duplicate keys refused, alias expansion bounded), and its body. Throws a `TypeError`
 * saying what is wrong: no frontmatter block, invalid YAML, not a mapping, or a value JSON cannot
 * carry.
 *
 * @example
 * ```ts
 * const { frontmatter, body } = parseSkillMd("---\nname: demo\ndescription: A demo\n---\n# Demo\n");
 * frontmatter.name; // "demo"
 * body; // "# Demo\n"
 * ```
 */
export function parseSkillMd(text: string): ParsedSkillMd {
  const match = BLOCK.exec(text);
  if (match?.index !== 0)
    throw new TypeError("SKILL.md must begin with YAML frontmatter between two --- lines");
  let value: unknown;
  try {
    value = parse(match[1] ?? "", { maxAliasCount: 100 });
  } catch (error) {
    throw new TypeError(`SKILL.md frontmatter is not valid YAML: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new TypeError("SKILL.md frontmatter must be a YAML mapping");
  if (!isJson(value))
    throw new TypeError(
      "SKILL.md frontmatter holds a value JSON cannot carry (a non-finite number or a tag)",
    );
  return { frontmatter: value as Record<string, JsonValue>, body: text.slice(match[0].length) };
}

/**
 * Checks frontmatter as the Agent Skills specification and SEP-2640 require: a `name` and a
 * non-empty `description` (at most 1024 characters), and no `metadata` key under the reserved
 * `io.modelcontextprotocol/` prefix. Throws a `TypeError` naming the problem.
 */
export function checkFrontmatter(
  frontmatter: Readonly<Record<string, JsonValue>>,
  where: string,
): SkillFrontmatter {
  const { name, description, metadata } = frontmatter;
  if (typeof name !== "string" || name === "") throw new TypeError(`${where}: frontmatter needs a name`);
  if (typeof description !== "string" || description.trim() === "")
    throw new TypeError(`${where}: frontmatter needs a non-empty description`);
  if (description.length > MAX_DESCRIPTION_LENGTH)
    throw new TypeError(`${where}: description is longer than ${MAX_DESCRIPTION_LENGTH} characters`);
  if (metadata !== undefined) {
    if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata))
      throw new TypeError(`${where}: frontmatter metadata must be a mapping`);
    const reserved = Object.keys(metadata).filter((key) => key.startsWith(RESERVED_METADATA_PREFIX));
    if (reserved.length > 0)
      throw new TypeError(
        `${where}: metadata key ${reserved[0]} uses the reserved prefix ${RESERVED_METADATA_PREFIX} (no such key is defined)`,
      );
  }
  return frontmatter as SkillFrontmatter;
}

/** Whether two JSON values are equal in content (object key order aside). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined, depth = 0): boolean {
  if (depth > 64) return false;
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i], depth + 1));
  const left = a as Record<string, JsonValue>;
  const right = b as Record<string, JsonValue>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key], depth + 1))
  );
}
