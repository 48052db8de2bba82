import { SKILL_MD, SKILL_SCHEME } from "./constants.js";

/**
 * The Agent Skills naming rule: 1 to 64 characters, lowercase letters, digits and hyphens, no
 * leading, trailing or doubled hyphen.
 */
const SKILL_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Characters a path segment may carry unencoded (RFC 3986 unreserved). */
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Whether `name` follows the Agent Skills naming rule.
 *
 * @example
 * ```ts
 * isSkillName("pdf-tools"); // true
 * isSkillName("PDF--tools"); // false
 * ```
 */
export function isSkillName(name: string): boolean {
  return SKILL_NAME.test(name) && !name.includes("--");
}

/**
 * Checks a skill path (`acme.example/pdf-processing`, or just `pdf-processing`): non-empty
 * segments of unreserved characters, the last one the skill's name. Throws a `TypeError` naming
 * the problem.
 */
export function checkSkillPath(path: string, name: string): readonly string[] {
  const segments = path.split("/");
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === ".." || !SEGMENT.test(segment))
      throw new TypeError(
        `skill path ${JSON.stringify(path)}: segment ${JSON.stringify(segment)} must be non-empty letters, digits, ".", "_", "~" or "-"`,
      );
  }
  const last = segments[segments.length - 1];
  if (last !== name)
    throw new TypeError(
      `skill path ${JSON.stringify(path)}: its last segment must be the skill's name ${JSON.stringify(name)}`,
    );
  return segments;
}

/**
 * Checks a file's path inside a skill (`references/FORMS.md`): relative, `/`-separated, no empty,
 * `.` or `..` segment, no backslash or control character. Throws a `TypeError` naming the problem.
 */
export function checkFilePath(skill: string, file: string): void {
  const bad = (why: string) => new TypeError(`skill ${skill}: file ${JSON.stringify(file)} ${why}`);
  if (file === "") throw bad("has an empty path");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(file)) throw bad("has a backslash or a control character");
  for (const segment of file.split("/")) {
    if (segment === "" || segment === "." || segment === "..")
      throw bad("must be a relative path without empty, '.' or '..' segments");
  }
}

/** The URI of a file of the skill at `path` (each segment of the file's path percent-encoded). */
export function fileUri(path: string, file: string): string {
  return `${SKILL_SCHEME}${path}/${file.split("/").map(encodeURIComponent).join("/")}`;
}

/** The URI of a skill's SKILL.md. */
export function skillUri(path: string): string {
  return `${SKILL_SCHEME}${path}/${SKILL_MD}`;
}

/** The skill directory of a SKILL.md URI (`skill://a/b/SKILL.md` → `skill://a/b`), if it is one. */
export function skillDirectory(uri: string): string | undefined {
  const suffix = `/${SKILL_MD}`;
  return uri.endsWith(suffix) ? uri.slice(0, -suffix.length) : undefined;
}
