import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import { violationsOf } from "./helpers/invariant-check.js";

type Obj = { [key: string]: Json };

/** Runs `first` (a listing) then `second` as two runs of one 2026-07-28 invocation; skills violations. */
function check(first: [Json[], Json[]], second: [Json[], Json[]]): string[] {
  const runs = [first, second].map(([sent, received]) => ({ sent, received }));
  return violationsOf(runs, { revision: "2026-07-28" }, "skills.");
}

const req = (id: Json, method: string, params: Obj = {}) => ({ jsonrpc: "2.0", id, method, params });
const ok = (id: Json, result: Obj) => ({ jsonrpc: "2.0", id, result: { resultType: "complete", ...result } });
const DIGEST = `sha256:${"b".repeat(64)}`;
const DIR = "skill://pdf-processing";
const URI = `${DIR}/SKILL.md`;
const FRONT = { name: "pdf-processing", description: "Works with PDFs" };
const listing: [Json[], Json[]] = [
  [req(1, "skills/list")],
  [
    ok(1, {
      skills: [
        {
          uri: URI,
          frontmatter: FRONT,
          resources: [
            { uri: URI, digest: DIGEST, size: 10 },
            { uri: `${DIR}/references/FORMS.md`, digest: DIGEST, size: 10 },
          ],
        },
      ],
      ttlMs: 0,
      cacheScope: "public",
    }),
  ],
];
const SKILL_MD = "---\nname: pdf-processing\ndescription: Works with PDFs\n---\n\n# PDF processing\n";

describe("skill files judged against the skills the revision listed (2026-07-28)", () => {
  it("accepts a SKILL.md read as markdown with frontmatter, its resource metadata and a directory listing", () => {
    const sent = [
      req(2, "resources/read", { uri: URI }),
      req(3, "resources/list"),
      req(4, "resources/directory/read", { uri: DIR }),
    ];
    const received: Json[] = [
      ok(2, {
        contents: [{ uri: URI, mimeType: "text/markdown", text: SKILL_MD }],
        ttlMs: 0,
        cacheScope: "public",
      }),
      ok(3, { resources: [{ uri: URI, ...FRONT }], ttlMs: 0, cacheScope: "public" }),
      ok(4, { resources: [{ uri: URI }, { uri: `${DIR}/references`, mimeType: "inode/directory" }] }),
    ];
    expect(check(listing, [sent, received])).toEqual([]);
  });

  it("a listed SKILL.md that cannot be read, is not markdown, or has no frontmatter", () => {
    const sent = [req(2, "resources/read", { uri: URI }), req(3, "resources/read", { uri: URI })];
    const received: Json[] = [
      { jsonrpc: "2.0", id: 2, error: { code: -32002, message: "Resource not found" } },
      ok(3, { contents: [{ uri: URI, mimeType: "text/plain", text: "# PDF processing\nname: x\n" }] }),
    ];
    expect(check(listing, [sent, received])).toEqual([
      `skills.skillmd.frontmatter: ${URI} does not begin with YAML frontmatter holding name and description`,
      `skills.skillmd.mimetype: ${URI} is read with mimeType "text/plain"`,
      `skills.skillmd.required: resources/read of the listed SKILL.md ${URI} was refused`,
    ]);
  });

  it("resource metadata that differs from the frontmatter; a directory child not marked inode/directory", () => {
    const sent = [req(3, "resources/list"), req(4, "resources/directory/read", { uri: DIR })];
    const received: Json[] = [
      ok(3, { resources: [{ uri: URI, name: "SKILL.md", description: FRONT.description }] }),
      ok(4, { resources: [{ uri: URI }, { uri: `${DIR}/references`, mimeType: "text/plain" }] }),
    ];
    expect(check(listing, [sent, received])).toEqual([
      `skills.directory.subdirectory-mimetype: the directory ${DIR}/references is listed with mimeType "text/plain"`,
      `skills.skillmd.resource-metadata: the resource ${URI} has name "SKILL.md", its frontmatter "pdf-processing"`,
    ]);
  });

  it("judges nothing about URIs no skill entry named", () => {
    const sent = [req(2, "resources/read", { uri: "file:///x/SKILL.md" })];
    const received: Json[] = [
      ok(2, { contents: [{ uri: "file:///x/SKILL.md", mimeType: "text/plain", text: "x" }] }),
    ];
    expect(check(listing, [sent, received])).toEqual([]);
  });
});
