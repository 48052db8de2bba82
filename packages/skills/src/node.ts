/**
 * @mcpkit/skills/node: load skills from a directory on disk (Node only).
 */
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { MAX_RESOURCES_PER_SKILL, MAX_SKILL_BYTES, SKILL_MD } from "./constants.js";
import type { SkillLimits, SkillSource } from "./skill.js";

/** Options of {@link loadSkillsDirectory}. */
export interface LoadSkillsOptions extends SkillLimits {
  /**
   * Skill-path segments before each skill's name, e.g. `acme.example` serves
   * `skill://acme.example/pdf-processing/SKILL.md`. Default: none (`skill://pdf-processing/SKILL.md`).
   */
  readonly prefix?: string;
  /** Most skills to load (default 256). */
  readonly maxSkills?: number;
  /** Deepest folder nesting inside a skill (default 8). */
  readonly maxDepth?: number;
}

/**
 * Loads every skill of a directory: each subdirectory holding a `SKILL.md` is a skill, named by its
 * frontmatter (which must equal the folder's name), with every file under it. Hidden entries
 * (`.git`, `.DS_Store`) are left out. A symbolic link is followed only when it stays inside the
 * skill's folder; one that leads out throws. The skill count, nesting depth, files per skill and
 * bytes per skill are bounded (the last two by SEP-2640's 512 files and 16 MiB), and exceeding one
 * throws before more is read. Pass the result to `skillsExtension({ skills })`.
 *
 * @example
 * ```ts
 * import { Server } from "@mcpkit/server";
 * import { skillsExtension } from "@mcpkit/skills";
 * import { loadSkillsDirectory } from "@mcpkit/skills/node";
 *
 * const skills = await loadSkillsDirectory("./skills");
 * const server = new Server({ name: "s", version: "1.0.0" }, { extensions: [skillsExtension({ skills })] });
 * ```
 */
export async function loadSkillsDirectory(
  directory: string,
  options: LoadSkillsOptions = {},
): Promise<SkillSource[]> {
  const maxSkills = options.maxSkills ?? 256;
  const limits = {
    files: Math.min(options.maxResourcesPerSkill ?? MAX_RESOURCES_PER_SKILL, MAX_RESOURCES_PER_SKILL),
    bytes: Math.min(options.maxSkillBytes ?? MAX_SKILL_BYTES, MAX_SKILL_BYTES),
    depth: options.maxDepth ?? 8,
  };
  const entries = (await readdir(directory, { withFileTypes: true }))
    .filter((e) => !e.name.startsWith("."))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const skills: SkillSource[] = [];
  for (const entry of entries) {
    const folder = join(directory, entry.name);
    if (!(await stat(folder)).isDirectory()) continue;
    const manifest = await lstat(join(folder, SKILL_MD)).catch(() => undefined);
    if (!manifest) continue;
    if (skills.length >= maxSkills)
      throw new RangeError(`${directory}: more than ${maxSkills} skills (maxSkills)`);
    const files = await readSkillFolder(folder, limits);
    const path = options.prefix === undefined ? entry.name : `${options.prefix}/${entry.name}`;
    skills.push({ path, files });
  }
  return skills;
}

interface FolderLimits {
  readonly files: number;
  readonly bytes: number;
  readonly depth: number;
}

/** Every file under one skill folder, by its `/`-separated path, within the limits. */
async function readSkillFolder(folder: string, limits: FolderLimits): Promise<Record<string, Uint8Array>> {
  const root = await realpath(folder);
  const files: Record<string, Uint8Array> = {};
  let count = 0;
  let bytes = 0;
  const visited = new Set<string>();
  const inside = (real: string) => real === root || real.startsWith(root + sep);

  const walk = async (dir: string, depth: number): Promise<void> => {
    const real = await realpath(dir);
    if (visited.has(real)) return;
    visited.add(real);
    const children = (await readdir(dir, { withFileTypes: true }))
      .filter((c) => !c.name.startsWith("."))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const path = join(dir, child.name);
      let target = path;
      if (child.isSymbolicLink()) {
        target = await realpath(path).catch(() => "");
        if (target === "" || !inside(target))
          throw new Error(`${path}: the symbolic link leads outside the skill folder ${folder}`);
      }
      const info = await stat(target);
      if (info.isDirectory()) {
        if (depth >= limits.depth)
          throw new RangeError(`${path}: nested deeper than ${limits.depth} folders (maxDepth)`);
        await walk(path, depth + 1);
      } else if (info.isFile()) {
        count += 1;
        bytes += info.size;
        if (count > limits.files)
          throw new RangeError(`${folder}: more than ${limits.files} files (maxResourcesPerSkill)`);
        if (bytes > limits.bytes)
          throw new RangeError(
            `${folder}: its files add up to more than ${limits.bytes} bytes (maxSkillBytes)`,
          );
        files[relative(folder, path).split(sep).join("/")] = new Uint8Array(await readFile(target));
      }
    }
  };
  await walk(folder, 0);
  return files;
}
