/**
 * Development aid: compares our bundled definitions with the upstream reference schema, ignoring
 * descriptions and key order, and prints what differs. Reads ../shared/reference (or
 * MCPKIT_REFERENCE_DIR). Usage: tsx scripts/diff-reference.ts <revision> [--on-reference] [Definition ...]
 *
 * --on-reference applies only this revision's changes on top of the upstream definitions of the
 * revision before it, so one revision's changes can be checked before the earlier ones are written.
 */
import { applyRevision, bundleAll } from "../source/bundle.js";
import type { JsonSchema } from "../source/dsl.js";
import { revisionSources } from "../source/revisions/index.js";
import { compareDefinitions, upstreamDefinitions } from "./lib/compare-reference.js";
import { referenceDir } from "./lib/reference.js";

const args = process.argv.slice(2);
const onReference = args.includes("--on-reference");
const [revision, ...only] = args.filter((a) => a !== "--on-reference");
const dir = referenceDir();
if (!revision || !dir) {
  console.error(
    "usage: tsx scripts/diff-reference.ts <revision> [Definition ...] (needs ../shared/reference)",
  );
  process.exit(2);
}

function oursOnReference(rev: string, reference: string): Record<string, JsonSchema> {
  const index = revisionSources.findIndex((s) => s.revision === rev);
  const source = revisionSources[index];
  if (!source) throw new Error(`unknown revision ${rev}`);
  const previous = revisionSources[index - 1];
  const base = previous
    ? (JSON.parse(
        JSON.stringify(upstreamDefinitions(reference, previous.revision)).replace(
          /#\/definitions\//g,
          "#/$defs/",
        ),
      ) as Record<string, JsonSchema>)
    : {};
  return { ...applyRevision(base, source) };
}

const pick = <T>(defs: Record<string, T>): Record<string, T> =>
  only.length === 0 ? defs : Object.fromEntries(Object.entries(defs).filter(([name]) => only.includes(name)));
const upstream = pick(upstreamDefinitions(dir, revision));
const ours = pick(
  onReference
    ? oursOnReference(revision, dir)
    : { ...(bundleAll().find((b) => b.revision === revision)?.definitions ?? {}) },
);
const result = compareDefinitions(revision, ours, upstream);
for (const name of result.missing) console.log(`MISSING  ${name}`);
for (const name of result.extra) console.log(`EXTRA    ${name}`);
for (const { name, reason } of result.deliberate) console.log(`EXPECTED ${name}: ${reason}`);
for (const d of result.differing)
  console.log(`DIFFERS  ${d.name}\n  ours:     ${d.ours}\n  upstream: ${d.upstream}`);
const differences = result.missing.length + result.extra.length + result.differing.length;
process.exitCode = differences > 0 ? 1 : 0;
console.log(
  `${revision}: ${Object.keys(ours).length} ours, ${Object.keys(upstream).length} upstream, ${differences} differences, ${result.deliberate.length} deliberate divergences`,
);
