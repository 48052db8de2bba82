/**
 * @mcpkit/skills: the skills extension (SEP-2640, `io.modelcontextprotocol/skills`), built on the
 * mcpkit extension API. Servers publish skills as `skill://` resources and answer `skills/list` and
 * `skills/get`; clients list them, load one on demand and verify every file they read.
 * Runtime-neutral: no `node:` imports (the directory loader is in `@mcpkit/skills/node`).
 */
export {
  DIRECTORY_MIME_TYPE,
  MAX_RESOURCES_PER_SKILL,
  MAX_SKILL_BYTES,
  SKILL_MD,
  SKILLS_EXTENSION,
} from "./constants.js";
export type { JsonValue, SkillEntry, SkillFrontmatter, SkillResourceEntry } from "./wire.js";
export { parseSkillMd, type ParsedSkillMd } from "./frontmatter.js";
export { isSkillName } from "./names.js";
export { sha256Digest } from "./digest.js";
export {
  prepareSkill,
  type PreparedFile,
  type PreparedSkill,
  type SkillLimits,
  type SkillSource,
} from "./skill.js";
export { skillsExtension, type SkillsExtensionOptions } from "./server.js";
export { SkillVerificationError, type SkillVerificationReason } from "./errors.js";
export {
  getSkill,
  listSkills,
  type ListSkillsOptions,
  type LoadedSkill,
  loadSkill,
  readSkillFile,
  type SkillFile,
  skillsClient,
} from "./client.js";
