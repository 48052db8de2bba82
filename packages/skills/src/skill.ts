import { MAX_RESOURCES_PER_SKILL, MAX_SKILL_BYTES, SKILL_MD } from "./constants.js";
import { asText, mimeTypeOf } from "./content.js";
import { sha256Digest, utf8 } from "./digest.js";
import { checkFrontmatter, parseSkillMd } from "./frontmatter.js";
import { checkFilePath, checkSkillPath, fileUri, isSkillName, skillUri } from "./names.js";
import type { SkillEntry, SkillFrontmatter } from "./wire.js";

/**
 * A skill to serve: its files by path relative to the skill's directory (`SKILL.md` is required; a
 * string is UTF-8 text, a `Uint8Array` raw bytes), and optionally where it sits.
 *
 * @example
 * ```ts
 * const skill: SkillSource = {
 *   path: "acme.example/pdf-processing", // skill://acme.example/pdf-processing/SKILL.md
 *   files: {
 *     "SKILL.md": "---\nname: pdf-processing\ndescription: Work with PDF files\n---\n# PDF\n",
 *     "references/FORMS.md": "# Filling forms\n",
 *   },
 * };
 * ```
 */
export interface SkillSource {
  /**
   * The skill path: `skill://{path}/SKILL.md`. Its first segment is the URI's authority and its last
   * one must be the frontmatter `name`. Default: the name alone (`skill://{name}/SKILL.md`).
   */
  readonly path?: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
}

/** Limits a server enforces on each skill when it is registered. */
export interface SkillLimits {
  /** Most files one skill may have, SKILL.md included (default and SEP-2640 ceiling: 512). */
  readonly maxResourcesPerSkill?: number;
  /** Most bytes one skill's files may add up to (default and SEP-2640 ceiling: 16 MiB). */
  readonly maxSkillBytes?: number;
}

/** One file of a prepared skill. */
export interface PreparedFile {
  /** Its path inside the skill directory. */
  readonly path: string;
  readonly uri: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
  /** Its text, when it is served as text (UTF-8); binary files are served as `blob`. */
  readonly text: string | undefined;
}

/** A validated skill, ready to serve. */
export interface PreparedSkill {
  readonly name: string;
  /** The skill path (`acme.example/pdf-processing`). */
  readonly path: string;
  /** The URI of its SKILL.md. */
  readonly uri: string;
  readonly frontmatter: SkillFrontmatter;
  /** Its files, SKILL.md first, then by path. */
  readonly files: readonly PreparedFile[];
  /** Its `skills/list` entry (digests are computed once, on first use). */
  entry(): Promise<SkillEntry>;
}

/**
 * Validates a skill and prepares it for serving: SKILL.md present, UTF-8, with frontmatter naming
 * the skill (Agent Skills naming rules) and describing it; a valid skill path ending in the name;
 * file paths relative and inside the skill; the file-count and size limits. Throws a `TypeError` or
 * `RangeError` that names the skill and the problem.
 *
 * @example
 * ```ts
 * const skill = prepareSkill({ files: { "SKILL.md": "---\nname: demo\ndescription: A demo\n---\n" } });
 * skill.uri; // "skill://demo/SKILL.md"
 * ```
 */
export function prepareSkill(source: SkillSource, limits: SkillLimits = {}): PreparedSkill {
  let where = `skill ${source.path ?? "(no path)"}`;
  const manifest = source.files[SKILL_MD];
  if (manifest === undefined) throw new TypeError(`${where}: has no ${SKILL_MD}`);
  const manifestText = typeof manifest === "string" ? manifest : asText(manifest, "text/markdown");
  if (manifestText === undefined) throw new TypeError(`${where}: ${SKILL_MD} is not UTF-8 text`);
  let parsed: ReturnType<typeof parseSkillMd>;
  try {
    parsed = parseSkillMd(manifestText);
  } catch (error) {
    throw new TypeError(`${where}: ${(error as Error).message}`);
  }
  if (source.path === undefined && typeof parsed.frontmatter.name === "string")
    where = `skill ${parsed.frontmatter.name}`;
  const frontmatter = checkFrontmatter(parsed.frontmatter, where);
  const { name } = frontmatter;
  if (!isSkillName(name))
    throw new TypeError(
      `${where}: name ${JSON.stringify(name)} breaks the Agent Skills naming rules (1-64 lowercase letters, digits and hyphens, no leading, trailing or doubled hyphen)`,
    );
  const path = source.path ?? name;
  checkSkillPath(path, name);

  const maxFiles = Math.min(limits.maxResourcesPerSkill ?? MAX_RESOURCES_PER_SKILL, MAX_RESOURCES_PER_SKILL);
  const maxBytes = Math.min(limits.maxSkillBytes ?? MAX_SKILL_BYTES, MAX_SKILL_BYTES);
  const paths = Object.keys(source.files);
  if (paths.length > maxFiles)
    throw new RangeError(`skill ${path}: ${paths.length} files, more than the limit of ${maxFiles}`);
  const ordered = [SKILL_MD, ...paths.filter((p) => p !== SKILL_MD).sort()];
  let total = 0;
  const files = ordered.map((file): PreparedFile => {
    checkFilePath(path, file);
    const content = source.files[file] as string | Uint8Array;
    const mimeType = mimeTypeOf(file);
    const bytes = typeof content === "string" ? utf8(content) : content;
    total += bytes.length;
    const text = typeof content === "string" ? content : asText(content, mimeType);
    return {
      path: file,
      uri: file === SKILL_MD ? skillUri(path) : fileUri(path, file),
      mimeType,
      bytes,
      text,
    };
  });
  if (total > maxBytes)
    throw new RangeError(
      `skill ${path}: its files add up to ${total} bytes, more than the limit of ${maxBytes}`,
    );

  let entry: Promise<SkillEntry> | undefined;
  const uri = skillUri(path);
  return {
    name,
    path,
    uri,
    frontmatter,
    files,
    entry() {
      entry ??= Promise.all(
        files.map(async (f) => ({ uri: f.uri, digest: await sha256Digest(f.bytes), size: f.bytes.length })),
      ).then((resources) => ({ uri, frontmatter, resources }));
      return entry;
    },
  };
}
