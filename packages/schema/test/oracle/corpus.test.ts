/**
 * Per revision: instances generated from the upstream schema must validate with ours, and every
 * mutation of them that upstream rejects must be rejected by ours too. Ends with one count line
 * per revision.
 */
import { describe, expect, it } from "vitest";
import { revisions, validate, type Revision } from "../../src/index.js";
import { type CorpusReport, describeDisagreements, type Divergence, runCorpus } from "./corpus.js";
import { examplesRevision, loadExamples, loadUpstream, present, referenceOrExplain } from "./reference.js";

const dir = referenceOrExplain();

/**
 * Where ours deliberately accepts what upstream rejects (following the spec's TypeScript over
 * upstream's lossy JSON export). Our mutations never introduce `null` or non-integer numbers, so
 * the known tolerances (JSONValue primitives, ElicitResult.content values) should not be reached;
 * an entry belongs here only for a disagreement that remains at such a place.
 */
const divergences: readonly Divergence[] = [];

const reports = new Map<Revision, CorpusReport>();

function reportFor(revision: Revision): CorpusReport {
  let report = reports.get(revision);
  if (!report) {
    report = runCorpus(
      loadUpstream(present(dir), revision),
      (typeName, value) => validate(revision, typeName, value),
      divergences,
    );
    reports.set(revision, report);
  }
  return report;
}

describe.skipIf(dir === undefined)("generated corpus and mutations agree with upstream", () => {
  describe.each(revisions)("%s", (revision) => {
    it("generates only instances upstream accepts, for every definition", () => {
      const report = reportFor(revision);
      expect(report.empty, `${revision}: definitions with no generated instance`).toEqual([]);
      expect(report.generatorBugs.length, describeDisagreements(revision, report.generatorBugs)).toBe(0);
    });

    it("accepts every generated instance", () => {
      const report = reportFor(revision);
      expect(report.oursRejects.length, describeDisagreements(revision, report.oursRejects)).toBe(0);
    });

    it("rejects every mutation upstream rejects", () => {
      const report = reportFor(revision);
      expect(report.oursAccepts.length, describeDisagreements(revision, report.oursAccepts)).toBe(0);
    });

    it("counts", () => {
      const report = reportFor(revision);
      const examples = revision === examplesRevision ? loadExamples(present(dir)) : [];
      const examplesRejected = examples.filter((e) => !validate(revision, e.typeName, e.value).ok).length;
      const disagreements =
        report.generatorBugs.length +
        report.oursRejects.length +
        report.oursAccepts.length +
        examplesRejected;
      const verdict =
        disagreements === 0
          ? "all agree with the reference"
          : `${disagreements} disagreements with the reference`;
      const excused = report.excused > 0 ? ` (${report.excused} accepted at listed divergences)` : "";
      console.log(
        `${revision}: ${report.definitions} definitions, ${examples.length} examples, ${report.valid} valid instances, ` +
          `${report.mutated} mutated instances — ${verdict}${excused}`,
      );
      expect(report.definitions).toBeGreaterThan(0);
      expect(report.valid).toBeGreaterThan(0);
      expect(report.mutated).toBeGreaterThan(0);
      if (revision === examplesRevision) expect(examples.length).toBeGreaterThan(0);
    });
  });
});
