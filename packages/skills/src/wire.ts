/** A JSON value, as frontmatter is rendered on the wire. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The frontmatter of a SKILL.md: `name` and `description` are always there. */
export interface SkillFrontmatter {
  readonly name: string;
  readonly description: string;
  readonly [field: string]: JsonValue;
}

/** One file of a skill in a listing: its URI, `sha256:{hex}` digest and byte size. */
export interface SkillResourceEntry {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

/**
 * One skill as `skills/list` and `skills/get` show it: the URI of its SKILL.md, that file's
 * frontmatter, and every file of the skill (or `"dynamic"` when the server publishes no manifest).
 */
export interface SkillEntry {
  readonly uri: string;
  readonly frontmatter: SkillFrontmatter;
  readonly resources: readonly SkillResourceEntry[] | "dynamic";
}
