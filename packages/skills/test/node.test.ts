// The directory loader, on temporary directories.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listSkills, loadSkill, skillsClient, skillsExtension } from "../src/index.js";
import { loadSkillsDirectory } from "../src/node.js";
import { connect, newServer } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory with these files (paths relative to it). */
function tree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), "mcpkit-skills-"));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const md = (name: string) => `---\nname: ${name}\ndescription: the ${name} skill\n---\n# ${name}\n`;

describe("loadSkillsDirectory", () => {
  it("loads each folder with a SKILL.md, every file under it, and leaves out hidden entries", async () => {
    const root = tree({
      "pdf-processing/SKILL.md": md("pdf-processing"),
      "pdf-processing/references/FORMS.md": "# forms\n",
      "pdf-processing/.DS_Store": "junk",
      "code-review/SKILL.md": md("code-review"),
      "notes/README.md": "not a skill",
      "loose.txt": "not a skill either",
    });
    const skills = await loadSkillsDirectory(root);
    expect(skills.map((s) => [s.path, Object.keys(s.files).sort()])).toEqual([
      ["code-review", ["SKILL.md"]],
      ["pdf-processing", ["SKILL.md", "references/FORMS.md"]],
    ]);
    const prefixed = await loadSkillsDirectory(root, { prefix: "acme.example" });
    expect(prefixed.map((s) => s.path)).toEqual(["acme.example/code-review", "acme.example/pdf-processing"]);
  });

  it("serves what it loaded end to end", async () => {
    const root = tree({ "demo/SKILL.md": md("demo"), "demo/scripts/run.py": "print('hi')\n" });
    const server = newServer({ extensions: [skillsExtension({ skills: await loadSkillsDirectory(root) })] });
    const client = await connect(server, "2026-07-28", { extensions: [skillsClient()] });
    const [entry] = await listSkills(client);
    const skill = await loadSkill(client, entry as NonNullable<typeof entry>);
    expect((await skill.read("scripts/run.py")).text).toBe("print('hi')\n");
  });

  it("refuses a folder whose name is not the skill's name (when the extension is created)", async () => {
    const root = tree({ "wrong-folder/SKILL.md": md("demo") });
    const skills = await loadSkillsDirectory(root);
    expect(() => skillsExtension({ skills })).toThrow(
      'skill path "wrong-folder": its last segment must be the skill\'s name "demo"',
    );
  });

  it("follows a symbolic link inside the skill, refuses one that leads out", async () => {
    const root = tree({ "demo/SKILL.md": md("demo"), "demo/docs/a.md": "A\n", "secret.txt": "s3cret" });
    symlinkSync(join(root, "demo", "docs", "a.md"), join(root, "demo", "alias.md"));
    expect(Object.keys((await loadSkillsDirectory(root))[0]?.files ?? {}).sort()).toEqual([
      "SKILL.md",
      "alias.md",
      "docs/a.md",
    ]);
    symlinkSync(join(root, "secret.txt"), join(root, "demo", "leak.txt"));
    await expect(loadSkillsDirectory(root)).rejects.toThrow(
      `${join(root, "demo", "leak.txt")}: the symbolic link leads outside the skill folder ${join(root, "demo")}`,
    );
  });

  it("bounds files, bytes, depth and the number of skills", async () => {
    const many = tree({ "demo/SKILL.md": md("demo"), "demo/a.txt": "a", "demo/b.txt": "b" });
    await expect(loadSkillsDirectory(many, { maxResourcesPerSkill: 2 })).rejects.toThrow(
      `${join(many, "demo")}: more than 2 files (maxResourcesPerSkill)`,
    );
    await expect(loadSkillsDirectory(many, { maxSkillBytes: 10 })).rejects.toThrow(
      `${join(many, "demo")}: its files add up to more than 10 bytes (maxSkillBytes)`,
    );
    const deep = tree({ "demo/SKILL.md": md("demo"), "demo/a/b/c.txt": "c" });
    await expect(loadSkillsDirectory(deep, { maxDepth: 1 })).rejects.toThrow(
      `${join(deep, "demo", "a", "b")}: nested deeper than 1 folders (maxDepth)`,
    );
    const two = tree({ "a/SKILL.md": md("a"), "b/SKILL.md": md("b") });
    await expect(loadSkillsDirectory(two, { maxSkills: 1 })).rejects.toThrow(
      `${two}: more than 1 skills (maxSkills)`,
    );
  });
});
