import type { JsonObject } from "../model/json.js";

/** Bound on what one revision remembers of the skills a server listed. */
const MAX_KNOWN = 2000;

/** What the runs of one revision learned from skill entries: SKILL.md URIs and the files listed. */
export class SkillKnowledge {
  /** Frontmatter of each skill, by its SKILL.md URI. */
  readonly frontmatter = new Map<string, JsonObject>();
  /** Every file URI a skill entry listed among its resources. */
  readonly files = new Set<string>();

  rememberEntry(uri: string, frontmatter: JsonObject): void {
    if (this.frontmatter.size < MAX_KNOWN || this.frontmatter.has(uri))
      this.frontmatter.set(uri, frontmatter);
  }

  rememberFile(uri: string): void {
    if (this.files.size < MAX_KNOWN) this.files.add(uri);
  }

  /** True when `uri` is a directory above a listed file. */
  isDirectory(uri: string): boolean {
    const prefix = uri.endsWith("/") ? uri : `${uri}/`;
    for (const file of this.files) if (file.startsWith(prefix)) return true;
    return false;
  }
}
