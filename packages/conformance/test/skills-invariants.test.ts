import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import { violationsOf } from "./helpers/invariant-check.js";

type Obj = { [key: string]: Json };

/** Feeds `sent` then `received` through one 2026-07-28 stdio run; returns the skills violations. */
function check(sent: Json[], received: Json[]): string[] {
  return violationsOf([{ sent, received }], { revision: "2026-07-28" }, "skills.");
}

const SKILLS = "io.modelcontextprotocol/skills";
const req = (id: Json, method: string, params: Obj = {}) => ({ jsonrpc: "2.0", id, method, params });
const ok = (id: Json, result: Obj) => ({ jsonrpc: "2.0", id, result: { resultType: "complete", ...result } });
const fail = (id: Json, code: number) => ({ jsonrpc: "2.0", id, error: { code, message: "m" } });
const DIGEST = `sha256:${"a".repeat(64)}`;
const URI = "skill://acme.example/pdf-processing/SKILL.md";
const entry = (extra: Obj = {}) => ({
  uri: URI,
  frontmatter: { name: "pdf-processing", description: "Works with PDFs" },
  resources: [
    { uri: URI, digest: DIGEST, size: 120 },
    { uri: "skill://acme.example/pdf-processing/references/FORMS.md", digest: DIGEST, size: 80 },
  ],
  ...extra,
});
const CACHE = { ttlMs: 0, cacheScope: "public" };
const discover = (capabilities: Obj) => ok(0, { supportedVersions: ["2026-07-28"], capabilities });

describe("skills extension invariants (2026-07-28)", () => {
  it("accepts a declaration, a listing, a get and a directory read that follow the extension", () => {
    const sent = [
      req(0, "server/discover"),
      req(1, "skills/list"),
      req(2, "skills/get", { uri: URI }),
      req(3, "resources/directory/read", { uri: "skill://acme.example/pdf-processing" }),
    ];
    const received: Json[] = [
      discover({ resources: {}, extensions: { [SKILLS]: { directoryRead: true } } }),
      ok(1, {
        skills: [
          entry(),
          entry({
            uri: "skill://other/SKILL.md",
            frontmatter: { name: "other", description: "d" },
            resources: "dynamic",
          }),
        ],
        ...CACHE,
      }),
      ok(2, { skill: entry(), ...CACHE }),
      ok(3, {
        resources: [
          { uri: URI },
          { uri: "skill://acme.example/pdf-processing/references", mimeType: "inode/directory" },
        ],
      }),
    ];
    expect(check(sent, received)).toEqual([]);
  });

  it("entries: uri of a SKILL.md, frontmatter, a name that follows the rules and matches the uri", () => {
    const sent = [req(1, "skills/list")];
    const received: Json[] = [
      ok(1, {
        skills: [
          entry({ frontmatter: { name: "PDF-Processing", description: "d" } }),
          entry({ uri: "https://x/Bad_Name/SKILL.md", frontmatter: { name: "x" }, resources: "dynamic" }),
          entry({ uri: "skill://only/README.md" }),
        ],
        ...CACHE,
      }),
    ];
    expect(check(sent, received)).toEqual([
      'skills.entry.frontmatter: "https://x/Bad_Name/SKILL.md": frontmatter without name and description',
      `skills.entry.name-matches-uri: ${URI}: frontmatter name "PDF-Processing" is not "pdf-processing"`,
      'skills.entry.uri: a skill entry with uri "skill://only/README.md", not the URI of a SKILL.md',
      'skills.name.naming-rules: https://x/Bad_Name/SKILL.md: skill name "Bad_Name" breaks the naming rules',
      "skills.uri.scheme: https://x/Bad_Name/SKILL.md: scheme https, not skill",
    ]);
  });

  it("a skill:// authority is an RFC 3986 reg-name; other schemes have no authority to judge", () => {
    const one = (uri: string, name: string) => ({
      uri,
      frontmatter: { name, description: "d" },
      resources: "dynamic",
    });
    const received: Json[] = [
      ok(1, {
        skills: [one("skill://a%zz/x/SKILL.md", "x"), one("file:///skills/y/SKILL.md", "y")],
        ...CACHE,
      }),
    ];
    expect(check([req(1, "skills/list")], received)).toEqual([
      'skills.uri.authority-reg-name: skill://a%zz/x/SKILL.md: authority "a%zz" is not an RFC 3986 reg-name',
      "skills.uri.scheme: file:///skills/y/SKILL.md: scheme file, not skill",
    ]);
  });

  it("resources: digests, sizes, inside the skill, SKILL.md included, nothing twice, within the limits", () => {
    const item = (uri: string, extra: Obj = {}) => ({ uri, digest: DIGEST, size: 1, ...extra });
    const dir = "skill://acme.example/pdf-processing";
    const many = Array.from({ length: 512 }, (_, i) => item(`${dir}/f${i}`));
    const sent = [req(1, "skills/list"), req(2, "skills/list")];
    const received: Json[] = [
      ok(1, {
        skills: [
          entry({
            resources: [
              item(`${dir}/a.md`, { digest: `SHA256:${"A".repeat(64)}` }),
              item(`${dir}/a.md`, { size: -1 }),
              item("skill://acme.example/other/x.md", { size: 17 * 1024 * 1024 }),
            ],
          }),
        ],
        ...CACHE,
      }),
      ok(2, { skills: [entry({ resources: [item(URI), ...many] })], ...CACHE }),
    ];
    expect(check(sent, received)).toEqual([
      `skills.limits.resources-per-skill: ${URI}: 513 resources entries`,
      `skills.limits.total-size: ${URI}: its files add up to ${17 * 1024 * 1024 + 1} bytes`,
      `skills.resources.complete: ${URI}: ${dir}/a.md is listed twice`,
      `skills.resources.digest-format: ${URI}: ${dir}/a.md has digest "SHA256:${"A".repeat(64)}"`,
      `skills.resources.size: ${URI}: ${dir}/a.md has size -1`,
      `skills.resources.within-skill: ${URI}: resource skill://acme.example/other/x.md is outside the skill's directory`,
    ]);
  });

  it("skills/list and skills/get results: shape, cache attributes, no cursor on get, unique names", () => {
    const sent = [
      req(1, "skills/list"),
      req(2, "skills/get", { uri: URI }),
      req(3, "skills/list"),
      req(4, "resources/directory/read", { uri: "skill://x" }),
    ];
    const received: Json[] = [
      ok(1, { skills: [entry(), entry()] }),
      ok(2, {
        skill: entry({
          uri: "skill://other/SKILL.md",
          frontmatter: { name: "other", description: "d" },
          resources: "dynamic",
        }),
        nextCursor: "c",
      }),
      ok(3, {}),
      ok(4, { resources: [{ name: "no uri" }] }),
    ];
    expect(check(sent, received)).toEqual([
      "skills.directory.children: a resources/directory/read result whose resources are not items with a uri",
      "skills.get.cache-attributes: a skills/get result without ttlMs and cacheScope",
      "skills.get.no-cursor: a skills/get result with nextCursor",
      `skills.get.result: a skills/get of "${URI}" answered without that skill's entry`,
      "skills.list.cache-attributes: a skills/list result without ttlMs and cacheScope",
      "skills.list.result: a skills/list result without a skills array",
      'skills.names.unique: skill name "pdf-processing" is listed twice',
    ]);
  });

  it("the declaration: settings inline, resources declared, its methods answered", () => {
    const sent = [
      req(0, "server/discover"),
      req(1, "skills/list"),
      req(2, "resources/directory/read", { uri: "skill://x" }),
      req(3, "skills/get", { uri: "skill://nope/SKILL.md" }),
    ];
    const received: Json[] = [
      discover({ extensions: { [SKILLS]: true } }),
      fail(1, -32601),
      fail(2, -32601),
      fail(3, -32602),
    ];
    expect(check(sent, received)).toEqual([
      `skills.capability.commits-to-methods: skills/list refused with -32601 by a server declaring ${SKILLS}`,
      "skills.capability.requires-resources: the skills extension is declared without the resources capability",
      "skills.capability.settings-inline: the skills extension's settings are not an object",
    ]);
    const directory = [req(0, "server/discover"), req(2, "resources/directory/read", { uri: "skill://x" })];
    expect(
      check(directory, [
        discover({ resources: {}, extensions: { [SKILLS]: { directoryRead: true } } }),
        fail(2, -32601),
      ]),
    ).toEqual([
      "skills.directory.supported: resources/directory/read refused with -32601 although directoryRead is declared",
    ]);
    const envelope = { resources: {}, extensions: { [SKILLS]: { specVersion: "1", config: {} } } };
    expect(check([req(0, "server/discover")], [discover(envelope)])).toEqual([
      "skills.capability.settings-inline: the skills extension's settings sit in an envelope (config, specVersion)",
    ]);
  });
});
