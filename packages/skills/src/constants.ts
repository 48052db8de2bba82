/** The extension's identifier, as both sides declare it under `capabilities.extensions`. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/** The manifest file every skill has at its root. */
export const SKILL_MD = "SKILL.md";

/** The URI scheme skills are served under. */
export const SKILL_SCHEME = "skill://";

/** SEP-2640: a server should not serve a skill with more resource entries than this (SKILL.md included). */
export const MAX_RESOURCES_PER_SKILL = 512;

/** SEP-2640: a server should not serve a skill whose files add up to more bytes than this (16 MiB). */
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** The Agent Skills limit on `description`. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** Frontmatter `metadata` keys under this prefix are reserved for MCP extensions (none defined yet). */
export const RESERVED_METADATA_PREFIX = "io.modelcontextprotocol/";

/** The mime type of a directory entry (`resources/directory/read`). */
export const DIRECTORY_MIME_TYPE = "inode/directory";
