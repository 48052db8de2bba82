// Registration-time validation: every bad skill throws a clear error when the extension is created.
import { describe, expect, it } from "vitest";
import { isSkillName, parseSkillMd, prepareSkill, skillsExtension } from "../src/index.js";

const md = (frontmatter: string, body = "") => `---\n${frontmatter}\n---\n${body}`;
const skill = (frontmatter: string, files: Record<string, string | Uint8Array> = {}, path?: string) => ({
  ...(path === undefined ? {} : { path }),
  files: { "SKILL.md": md(frontmatter), ...files },
});

describe("skill names", () => {
  it("follow the Agent Skills rules", () => {
    for (const good of ["a", "pdf-processing", "x1", "a".repeat(64)]) expect(isSkillName(good)).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "PDF", "a_b", "a.b", "a".repeat(65)])
      expect(isSkillName(bad)).toBe(false);
  });
});

describe("prepareSkill refuses", () => {
  const cases: [string, Parameters<typeof prepareSkill>[0], string][] = [
    ["no SKILL.md", { path: "x", files: { "README.md": "hi" } }, "skill x: has no SKILL.md"],
    [
      "no frontmatter",
      { files: { "SKILL.md": "# just markdown\n" } },
      "skill (no path): SKILL.md must begin with YAML frontmatter between two --- lines",
    ],
    [
      "frontmatter that is a list",
      { files: { "SKILL.md": md("- a\n- b") } },
      "skill (no path): SKILL.md frontmatter must be a YAML mapping",
    ],
    ["a missing name", skill("description: d"), "skill (no path): frontmatter needs a name"],
    ["a missing description", skill("name: demo"), "skill demo: frontmatter needs a non-empty description"],
    [
      "a long description",
      skill(`name: demo\ndescription: ${"d".repeat(1025)}`),
      "skill demo: description is longer than 1024 characters",
    ],
    [
      "a bad name",
      skill("name: Demo_Skill\ndescription: d"),
      'skill Demo_Skill: name "Demo_Skill" breaks the Agent Skills naming rules (1-64 lowercase letters, digits and hyphens, no leading, trailing or doubled hyphen)',
    ],
    [
      "a path not ending in the name",
      skill("name: demo\ndescription: d", {}, "acme/other"),
      'skill path "acme/other": its last segment must be the skill\'s name "demo"',
    ],
    [
      "a path with a bad segment",
      skill("name: demo\ndescription: d", {}, "ac me/demo"),
      'skill path "ac me/demo": segment "ac me" must be non-empty letters, digits, ".", "_", "~" or "-"',
    ],
    [
      "a file escaping the skill",
      skill("name: demo\ndescription: d", { "../secret": "x" }),
      "skill demo: file \"../secret\" must be a relative path without empty, '.' or '..' segments",
    ],
    [
      "a reserved metadata key",
      skill('name: demo\ndescription: d\nmetadata:\n  "io.modelcontextprotocol/x": "1"'),
      "skill demo: metadata key io.modelcontextprotocol/x uses the reserved prefix io.modelcontextprotocol/ (no such key is defined)",
    ],
    [
      "a value JSON cannot carry",
      skill("name: demo\ndescription: d\nweight: .inf"),
      "skill (no path): SKILL.md frontmatter holds a value JSON cannot carry (a non-finite number or a tag)",
    ],
    [
      "a SKILL.md that is not UTF-8",
      { path: "demo", files: { "SKILL.md": new Uint8Array([0xff, 0xfe, 0x00]) } },
      "skill demo: SKILL.md is not UTF-8 text",
    ],
  ];
  for (const [what, source, message] of cases) {
    it(what, () => {
      expect(() => prepareSkill(source)).toThrow(message);
    });
  }

  it("duplicate keys in the YAML", () => {
    expect(() => prepareSkill(skill("name: demo\nname: again\ndescription: d"))).toThrow(
      /^skill \(no path\): SKILL\.md frontmatter is not valid YAML: Map keys must be unique/,
    );
  });

  it("more files than the limit, and more bytes", () => {
    const files = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`f${i}.txt`, "x"]));
    expect(() =>
      prepareSkill(skill("name: demo\ndescription: d", files), { maxResourcesPerSkill: 4 }),
    ).toThrow("skill demo: 5 files, more than the limit of 4");
    expect(() =>
      prepareSkill(skill("name: demo\ndescription: d", { "big.bin": new Uint8Array(2000) }), {
        maxSkillBytes: 1000,
      }),
    ).toThrow(/^skill demo: its files add up to 20\d\d bytes, more than the limit of 1000$/);
  });

  it("a limit above SEP-2640's is capped at it", () => {
    const files = Object.fromEntries(Array.from({ length: 512 }, (_, i) => [`f${i}.txt`, "x"]));
    expect(() =>
      prepareSkill(skill("name: demo\ndescription: d", files), { maxResourcesPerSkill: 10_000 }),
    ).toThrow("skill demo: 513 files, more than the limit of 512");
  });
});

describe("skillsExtension refuses", () => {
  it("two skills at one URI, and a bad page size", () => {
    const demo = skill("name: demo\ndescription: d");
    expect(() => skillsExtension({ skills: [demo, demo] })).toThrow(
      "two skills are served at skill://demo/SKILL.md",
    );
    expect(() => skillsExtension({ skills: [], pageSize: 0 })).toThrow(
      "pageSize must be an integer from 1 to 1000",
    );
  });
});

describe("parseSkillMd", () => {
  it("keeps YAML types, accepts a byte order mark and CRLF, and returns the body", () => {
    const parsed = parseSkillMd(
      "\uFEFF---\r\nname: demo\r\ndescription: d\r\ncount: 3\r\ntags: [a, b]\r\n---\r\nBody\r\n",
    );
    expect(parsed.frontmatter).toEqual({ name: "demo", description: "d", count: 3, tags: ["a", "b"] });
    expect(parsed.body).toBe("Body\r\n");
  });
});
