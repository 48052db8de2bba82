import type { RunResult } from "../model/result.js";
import { type Era, type Revision, type TransportName, eraOf } from "../model/revisions.js";
import type { ServerFacts } from "./discovery.js";
import { NOT_RUN, PROBE_ID, type ProbeResult } from "./probe.js";

/**
 * What the opening-exchange probes decided: one failed result per broken era (or revision), why
 * runs are left out, and what the server offers at each revision it serves.
 */
export interface Opening {
  failures: RunResult[];
  /** Why the runs of a revision are left out (not applicable, or not run). */
  blocked: Map<Revision, string>;
  /** What the server declared and lists, per revision it serves. */
  facts: Map<Revision, ServerFacts>;
}

const ERA_LABEL: Record<Era, string> = {
  session: "the session era (initialize)",
  stateless: "2026-07-28",
};

/** What `probeRevisions` needs. */
export interface ProbeRevisionsInput {
  /** The revisions the planned runs use. */
  revisions: readonly Revision[];
  /** The revisions `--revision` asked for by name: a server that does not serve one fails. */
  asked: readonly Revision[];
  transport: TransportName;
  /** Probes the opening exchange at one revision (and discovers what the server offers). */
  probe: (revision: Revision) => Promise<ProbeResult>;
}

function failed(probe: Extract<ProbeResult, { ok: false }>, transport: TransportName): RunResult {
  return {
    key: `${PROBE_ID}@${probe.revision}`,
    transcript: PROBE_ID,
    title: "the opening exchange",
    file: "(runner)",
    revision: probe.revision,
    transport,
    status: "failed",
    verdict: "failed",
    requirements: [probe.requirement],
    failure: { ...probe.failure, reason: probe.message, requirements: [probe.requirement] },
  };
}

function negotiatedReason(revision: Revision, version: string): string {
  return `not applicable: asked for ${revision}, the server answered initialize with ${version} (it does not serve ${revision})`;
}

/**
 * Server mode: probes the opening exchange at the newest planned revision of each era first. A
 * broken era fails once and its runs are not run; while the other era works, a failed 2026-07-28
 * probe or a refused initialize means the server does not serve that era (not applicable), unless
 * `--revision` asked for it. The other revisions of a working era are then probed too, in
 * parallel: a revision the server negotiates away from is not applicable, unless the server claims
 * it (2026-07-28 `supportedVersions`) or `--revision` asked for it.
 * @example
 * const opening = await probeRevisions({ revisions: ["2025-11-25"], asked: [], transport: "stdio", probe });
 */
export async function probeRevisions(input: ProbeRevisionsInput): Promise<Opening> {
  const opening: Opening = { failures: [], blocked: new Map(), facts: new Map() };
  const byEra = new Map<Era, Revision[]>();
  for (const revision of [...new Set(input.revisions)].sort().reverse()) {
    const era = eraOf(revision);
    byEra.set(era, [...(byEra.get(era) ?? []), revision]);
  }
  const newest = new Map<Era, ProbeResult>();
  await Promise.all(
    [...byEra].map(async ([era, revisions]) => {
      newest.set(era, await input.probe(revisions[0] as Revision));
    }),
  );
  // A revision the server claims (server/discover's supportedVersions) or that --revision named is
  // one it must serve: negotiating away from it is then judged by the transcripts, not excused.
  const claimed = new Set(
    [...newest.values()].flatMap((p) => (p.ok ? (p.facts?.supportedVersions ?? []) : [])),
  );
  const record = (revision: Revision, probe: ProbeResult) => {
    const mustServe = claimed.has(revision) || input.asked.includes(revision);
    if (probe.ok && probe.negotiated !== undefined && !mustServe)
      opening.blocked.set(revision, negotiatedReason(revision, probe.negotiated));
    else if (probe.ok && probe.facts) opening.facts.set(revision, probe.facts);
    else if (!probe.ok && probe.refused && !input.asked.includes(revision))
      opening.blocked.set(revision, `not applicable: the server refused the opening exchange at ${revision}`);
    else if (!probe.ok) {
      opening.blocked.set(revision, NOT_RUN);
      opening.failures.push(failed(probe, input.transport));
    }
  };
  const later: Promise<void>[] = [];
  for (const [era, revisions] of byEra) {
    const probe = newest.get(era) as ProbeResult;
    if (!probe.ok) {
      const otherWorks = [...newest].some(([other, p]) => other !== era && p.ok);
      // A session-era server need not know server/discover at all; a 2026-07-28-only server must
      // still answer initialize, if only with an error, so anything else there is a broken server.
      const declined = era === "stateless" || probe.refused;
      const reason =
        otherWorks && declined && !input.asked.includes(probe.revision)
          ? `not applicable: the server does not serve ${ERA_LABEL[era]}`
          : NOT_RUN;
      for (const revision of revisions) opening.blocked.set(revision, reason);
      if (reason === NOT_RUN) opening.failures.push(failed(probe, input.transport));
      continue;
    }
    record(revisions[0] as Revision, probe);
    for (const revision of revisions.slice(1)) {
      later.push(input.probe(revision).then((result) => record(revision, result)));
    }
  }
  await Promise.all(later);
  opening.failures.sort((a, b) => a.key.localeCompare(b.key));
  return opening;
}
