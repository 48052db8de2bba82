/** Why a skill file was refused. */
export type SkillVerificationReason =
  /** The file's byte length differs from the listed `size`. */
  | "size"
  /** Its SHA-256 differs from the listed `digest`. */
  | "digest"
  /** SKILL.md's frontmatter differs from the entry's. */
  | "frontmatter"
  /** The URI is not a file the skill's listing names (or not inside the skill at all). */
  | "not-listed"
  /** The server's answer held no content for the URI, or content that cannot be decoded. */
  | "unreadable";

/**
 * A skill file whose content does not match the skill's entry: the host must not use it. Carries
 * the URI and the reason; the message says what differed.
 *
 * @example
 * ```ts
 * declare const client: import("@mcpkit/client").Client;
 * declare const entry: import("@mcpkit/skills").SkillEntry;
 * try {
 *   await loadSkill(client, entry);
 * } catch (error) {
 *   if (error instanceof SkillVerificationError) console.error(error.reason, error.uri);
 * }
 * ```
 */
export class SkillVerificationError extends Error {
  override readonly name = "SkillVerificationError";
  constructor(
    readonly reason: SkillVerificationReason,
    readonly uri: string,
    message: string,
  ) {
    super(message);
  }
}
