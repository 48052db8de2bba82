// Keeps the language-neutral suite honest: the requirements manifest and every transcript validate
// against their JSON Schemas, ids are unique and consistent, transcripts cite only known
// requirements, and every MUST / MUST NOT is checked by a transcript of the side it binds or by the
// invariant layer on all traffic (test/invariant-coverage.test.ts), or says why it cannot be
// checked from outside.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";

const SUITE = fileURLToPath(new URL("../../../conformance/", import.meta.url));
const REQUIREMENTS_DIR = join(SUITE, "requirements");
const TRANSCRIPTS_DIR = join(SUITE, "transcripts");
const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
const STATELESS_FROM = "2026-07-28";

interface Requirement {
  id: string;
  level: "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "best practice";
  revisions: string[];
  side: "server" | "client" | "both";
  url: string;
  urls: Record<string, string>;
  untestable?: string;
  observable?: true;
}

interface Transcript {
  id: string;
  side: "server" | "client";
  requirements: string[];
  revisions: string[];
  steps: { requirement?: string }[];
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return jsonFiles(full);
      return name.endsWith(".json") && !name.startsWith("_") ? [full] : [];
    });
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The revisions a transcript revision list selects (docs/conformance-format.md §3). */
function selectRevisions(entries: readonly string[]): string[] {
  return REVISIONS.filter((revision) =>
    entries.some((entry) => {
      if (entry === "all") return true;
      if (entry === "session") return revision < STATELESS_FROM;
      if (entry === "stateless") return revision >= STATELESS_FROM;
      const m = /^(>=|<=|>|<)?(\d{4}-\d{2}-\d{2})$/.exec(entry);
      if (!m) return false;
      const date = m[2] as string;
      if (m[1] === ">=") return revision >= date;
      if (m[1] === "<=") return revision <= date;
      if (m[1] === ">") return revision > date;
      if (m[1] === "<") return revision < date;
      return revision === date;
    }),
  );
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
const requirementsSchemaFile = join(REQUIREMENTS_DIR, "requirements.schema.json");
const validateManifest = ajv.compile(readJson(requirementsSchemaFile) as object);
const validateTranscriptFile = ajv.compile(
  readJson(join(SUITE, "schema", "transcript.schema.json")) as object,
);

const manifestFiles = jsonFiles(REQUIREMENTS_DIR).filter((f) => f !== requirementsSchemaFile);
const manifests = manifestFiles.map((file) => ({
  file,
  doc: readJson(file) as { area: string; requirements: Requirement[] },
}));
const requirements = manifests.flatMap((m) => m.doc.requirements ?? []);
const byId = new Map(requirements.map((r) => [r.id, r]));

const transcriptFiles = jsonFiles(TRANSCRIPTS_DIR);
const transcriptDocs = transcriptFiles.map((file) => ({ file, doc: readJson(file) }));
const transcripts: Transcript[] = transcriptDocs.flatMap(
  ({ doc }) => (Array.isArray(doc) ? doc : [doc]) as Transcript[],
);

const shown = (file: string) => relative(SUITE, file);
const duplicates = (ids: string[]) => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))].sort();

describe("requirements manifest", () => {
  it("has one schema-valid file per area, named after the area", () => {
    const problems = manifests.flatMap(({ file, doc }) => [
      ...(validateManifest(doc) ? [] : [`${shown(file)}: ${ajv.errorsText(validateManifest.errors)}`]),
      ...(doc.area === basename(file, ".json")
        ? []
        : [`${shown(file)}: area "${doc.area}" differs from the file name`]),
    ]);
    expect(problems).toEqual([]);
    expect(manifests.length).toBeGreaterThanOrEqual(10);
  });

  it("has no duplicated requirement id", () => {
    expect(duplicates(requirements.map((r) => r.id))).toEqual([]);
  });

  it("lists revisions oldest first, a link for exactly those revisions, and url = the newest one's link", () => {
    const problems = requirements.flatMap((r) => {
      const out: string[] = [];
      const sorted = [...r.revisions].sort();
      if (sorted.join() !== r.revisions.join()) out.push(`${r.id}: revisions not in order`);
      if (Object.keys(r.urls).sort().join() !== sorted.join())
        out.push(`${r.id}: urls keys differ from revisions`);
      if (r.url !== r.urls[sorted[sorted.length - 1] as string])
        out.push(`${r.id}: url is not the newest revision's link`);
      for (const [revision, url] of Object.entries(r.urls)) {
        // Extension pages and SEPs are versioned apart from the specification: no revision in them.
        const specLink = url.startsWith("https://modelcontextprotocol.io/specification/");
        if (specLink && !url.includes(`/specification/${revision}/`)) {
          out.push(`${r.id}: the ${revision} link points at another revision`);
        }
      }
      return out;
    });
    expect(problems).toEqual([]);
  });

  it("covers every level, well over 150 rules", () => {
    const levels = new Set(requirements.map((r) => r.level));
    expect([...levels].sort()).toEqual(["MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "best practice"]);
    expect(requirements.length).toBeGreaterThan(150);
  });
});

describe("transcripts", () => {
  it("validate against conformance/schema/transcript.schema.json", () => {
    const problems = transcriptDocs
      .filter(({ doc }) => !validateTranscriptFile(doc))
      .map(({ file }) => `${shown(file)}: ${ajv.errorsText(validateTranscriptFile.errors)}`);
    expect(problems).toEqual([]);
    expect(transcripts.length).toBeGreaterThan(50);
  });

  it("have unique ids that mirror their file paths", () => {
    expect(duplicates(transcripts.map((t) => t.id))).toEqual([]);
    const misplaced = transcriptDocs
      .filter(({ doc }) => !Array.isArray(doc))
      .filter(({ file, doc }) => `${(doc as Transcript).id}.json` !== relative(TRANSCRIPTS_DIR, file))
      .map(({ file }) => shown(file));
    expect(misplaced).toEqual([]);
  });

  it("sit under transcripts/server or transcripts/client according to their side", () => {
    const wrong = transcripts.filter((t) => !t.id.startsWith(`${t.side}/`)).map((t) => t.id);
    expect(wrong).toEqual([]);
  });

  it("cite only requirement ids that exist in the manifest", () => {
    const unknown = transcripts.flatMap((t) =>
      t.requirements.filter((id) => !byId.has(id)).map((id) => `${t.id} -> ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it("cite requirements that apply to at least one of their revisions and bind their side", () => {
    const mismatched = transcripts.flatMap((t) => {
      const revisions = selectRevisions(t.revisions);
      return t.requirements.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const out: string[] = [];
        if (!r.revisions.some((rev) => revisions.includes(rev)))
          out.push(`${t.id} -> ${id}: no common revision`);
        if (r.side !== "both" && r.side !== t.side) out.push(`${t.id} -> ${id}: binds the ${r.side}`);
        return out;
      });
    });
    expect(mismatched).toEqual([]);
  });

  it("never claim to check a requirement marked untestable", () => {
    const contradictions = transcripts.flatMap((t) =>
      t.requirements.filter((id) => byId.get(id)?.untestable !== undefined).map((id) => `${t.id} -> ${id}`),
    );
    expect(contradictions).toEqual([]);
  });
});

describe("coverage", () => {
  it("checks every MUST and MUST NOT with a transcript of its side or an invariant on all traffic, unless it says why it cannot be tested", () => {
    const coveredBy = new Map<string, Set<string>>();
    for (const t of transcripts) {
      for (const id of t.requirements) {
        const sides = coveredBy.get(id) ?? new Set<string>();
        sides.add(t.side);
        coveredBy.set(id, sides);
      }
    }
    const uncovered = requirements
      .filter((r) => r.level === "MUST" || r.level === "MUST NOT")
      .filter((r) => r.untestable === undefined && r.observable !== true)
      .filter((r) => {
        const sides = coveredBy.get(r.id);
        if (!sides) return true;
        return r.side === "both" ? sides.size === 0 : !sides.has(r.side);
      })
      .map((r) => r.id)
      .sort();
    expect(uncovered).toEqual([]);
  });
});
