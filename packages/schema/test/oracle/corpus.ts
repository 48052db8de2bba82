/**
 * Runs one revision's corpus: valid instances generated from upstream, then their mutations that
 * upstream rejects, each put to our validator. Collects every disagreement rather than stopping at
 * the first, so one run shows the whole picture.
 */
import type { Revision } from "../../src/revisions.js";
import type { ValidationResult } from "../../src/validation-types.js";
import { InstanceGenerator, type Json } from "./generate.js";
import { mutationsOf } from "./mutate.js";
import type { UpstreamRevision } from "./reference.js";

/** Our verdict on one value of one definition. */
export type OurValidator = (typeName: string, value: unknown) => ValidationResult;

/**
 * A place where our schema deliberately accepts what upstream rejects. Each entry names the
 * definition, a pattern for the JSON pointer of the mutated place, and why.
 */
export interface Divergence {
  readonly typeName: string;
  readonly pointer: RegExp;
  readonly reason: string;
}

export interface Disagreement {
  readonly typeName: string;
  readonly description: string;
  readonly instance: Json;
  readonly detail?: string;
}

export interface CorpusReport {
  readonly revision: Revision;
  readonly definitions: number;
  /** Generated instances upstream accepts (and so ours must accept). */
  readonly valid: number;
  /** Distinct mutated instances upstream rejects (and so ours must reject). */
  readonly mutated: number;
  /** Mutations ours accepts at a listed divergence; counted, not failures. */
  readonly excused: number;
  /** Generated instances upstream rejects: a bug in the generator, not in either schema. */
  readonly generatorBugs: readonly Disagreement[];
  /** Definitions the generator could produce nothing for. */
  readonly empty: readonly string[];
  /** Upstream-valid instances ours rejects. */
  readonly oursRejects: readonly Disagreement[];
  /** Upstream-invalid mutations ours accepts. */
  readonly oursAccepts: readonly Disagreement[];
}

function issuesOf(result: ValidationResult): string {
  if (result.ok) return "";
  return result.issues.map((i) => `${i.pointer || "(root)"} ${i.keyword}: ${i.message}`).join("; ");
}

export function runCorpus(
  upstream: UpstreamRevision,
  ours: OurValidator,
  divergences: readonly Divergence[],
): CorpusReport {
  const generator = new InstanceGenerator(upstream.definitions, upstream.dialect);
  const names = Object.keys(upstream.definitions).sort();
  let valid = 0;
  let mutated = 0;
  let excused = 0;
  const generatorBugs: Disagreement[] = [];
  const empty: string[] = [];
  const oursRejects: Disagreement[] = [];
  const oursAccepts: Disagreement[] = [];
  for (const typeName of names) {
    const check = upstream.validator(typeName);
    const instances = generator.instancesOf(typeName);
    if (instances.length === 0) empty.push(typeName);
    const seenMutations = new Set<string>();
    for (const instance of instances) {
      if (!check(instance.value)) {
        const detail = (check.errors ?? [])
          .map((e) => `${e.instancePath} ${e.message ?? e.keyword}`)
          .join("; ");
        generatorBugs.push({ typeName, description: "generated instance", instance: instance.value, detail });
        continue;
      }
      valid++;
      const verdict = ours(typeName, instance.value);
      if (!verdict.ok) {
        oursRejects.push({
          typeName,
          description: "valid instance",
          instance: instance.value,
          detail: issuesOf(verdict),
        });
      }
      for (const mutation of mutationsOf(instance)) {
        const key = JSON.stringify(mutation.value);
        if (seenMutations.has(key)) continue;
        seenMutations.add(key);
        if (check(mutation.value)) continue;
        mutated++;
        if (!ours(typeName, mutation.value).ok) continue;
        const excuse = divergences.find((d) => d.typeName === typeName && d.pointer.test(mutation.pointer));
        if (excuse) {
          excused++;
          continue;
        }
        oursAccepts.push({ typeName, description: mutation.description, instance: mutation.value });
      }
    }
  }
  return {
    revision: upstream.revision,
    definitions: names.length,
    valid,
    mutated,
    excused,
    generatorBugs,
    empty,
    oursRejects,
    oursAccepts,
  };
}

/** Disagreements as readable lines, at most `limit` of them plus a count of the rest. */
export function describeDisagreements(revision: Revision, list: readonly Disagreement[], limit = 40): string {
  const lines = list
    .slice(0, limit)
    .map(
      (d) =>
        `${revision} ${d.typeName}: ${d.description}${d.detail ? ` [${d.detail}]` : ""}\n    ${JSON.stringify(d.instance)}`,
    );
  if (list.length > limit) lines.push(`... and ${list.length - limit} more`);
  return lines.join("\n");
}
