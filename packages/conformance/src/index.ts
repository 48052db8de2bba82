/**
 * @mcpkit/conformance: runs language-neutral MCP transcripts against any server or client, speaking
 * the wire itself (docs/conformance-format.md).
 * @example
 * import { loadTranscripts, runConformance, formatTable, summaryLine } from "@mcpkit/conformance";
 * const report = await runConformance({ mode: "server", transport: "stdio", target: "node server.js", transcripts: loadTranscripts(["conformance/transcripts"]) });
 * console.log(formatTable(report) + summaryLine(report));
 */
export type { Json, JsonObject } from "./model/json.js";
export { REVISIONS, TRANSPORTS, selectRevisions } from "./model/revisions.js";
export type { Revision, TransportName, Era } from "./model/revisions.js";
export type {
  Transcript,
  Step,
  Pattern,
  LoadedTranscript,
  AuthScript,
  RunnerNeed,
} from "./model/transcript.js";
export type { Failure, RunResult, RunStatus } from "./model/result.js";
export { loadTranscripts } from "./load/loader.js";
export { loadRequirements, type Requirement } from "./load/requirements.js";
export { validateTranscript, TranscriptError } from "./load/validate.js";
export { match, formatMismatch, type MatchResult, type MatchOptions } from "./match/matcher.js";
export { checkPattern, PatternError } from "./match/pattern-check.js";
export { substitute, UnknownVariableError } from "./match/substitute.js";
export {
  runConformance,
  planRuns,
  unmetNeeds,
  type RunOptions,
  type RunFilters,
  type RunnerAuth,
} from "./run/runner.js";
export { observeClient, OBSERVE_CLIENT_ID, type ObserveClientOptions } from "./observe/observe-client.js";
export { parseWwwAuthenticate, type Challenge } from "./match/www-authenticate.js";
export type { Report } from "./report/report.js";
export { summaryLine } from "./report/report.js";
export { formatTable } from "./report/table.js";
export { formatJson } from "./report/json.js";
export { formatHtml } from "./report/html.js";
export { formatJunit } from "./report/junit.js";
export {
  parseExpectedFailures,
  readExpectedFailures,
  type ExpectedFailures,
} from "./report/expected-failures.js";
export {
  parseSkipList,
  readSkipList,
  findSkip,
  type SkipEntry,
  type SkipList,
} from "./report/skip-list.js";
export { main, type CliIo } from "./cli/main.js";
export {
  INVARIANT_CATALOG,
  checkedRequirements,
  checksRequirement,
  type CheckedSide,
  type RuleModuleIds,
} from "./invariants/catalog.js";
export {
  COVERAGE_STATUSES,
  formatCoverage,
  listCoverage,
  loadManifest,
  requirementCoverage,
  type CoverageEntry,
  type CoverageStatus,
  type ManifestEntry,
} from "./invariants/coverage.js";
