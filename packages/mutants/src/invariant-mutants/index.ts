import type { ServerMutant } from "../mutant.js";
import { duplicateToolNames } from "./duplicate-tool-names.js";
import { inputAndTaskMutants } from "./input-and-task-mutants.js";
import { invalidInputSchema } from "./invalid-input-schema.js";
import { invalidLogLevel } from "./invalid-log-level.js";
import { jsonAsTextJson } from "./json-as-text-json.js";
import { listChangedUndeclared } from "./list-changed-undeclared.js";
import { listenBeforeAck } from "./listen-before-ack.js";
import { listenUnfiltered } from "./listen-unfiltered.js";
import { noAccelBuffering } from "./no-accel-buffering.js";
import { nestedElicitationSchema } from "./nested-elicitation-schema.js";
import { nextCursorLoops } from "./next-cursor-loops.js";
import { noCacheHints } from "./no-cache-hints.js";
import { noPrimingEvent } from "./no-priming-event.js";
import { noResultType } from "./no-result-type.js";
import { progressRepeats } from "./progress-repeats.js";
import { promptMessageBadRole } from "./prompt-message-bad-role.js";
import { responseEchoedOnGet } from "./response-echoed-on-get.js";
import { responsePost200 } from "./response-post-200.js";
import { readContentsWithoutUri } from "./read-contents-without-uri.js";
import { sseNotificationEvents } from "./sse-notification-events.js";
import { stdoutLatin1 } from "./stdout-latin1.js";
import { structuredContentMismatch } from "./structured-content-mismatch.js";
import { taskResultDropped } from "./task-result-dropped.js";
import { taskRevives } from "./task-revives.js";
import { textWithoutText } from "./text-without-text.js";
import { tooManyCompletions } from "./too-many-completions.js";
import { blobTruncated } from "./blob-truncated.js";
import { modernServerRequest } from "./modern-server-request.js";
import { notificationWithId } from "./notification-with-id.js";
import { wsBatchOfOne } from "./ws-batch-of-one.js";
import { xMcpHeaderOnNumber } from "./x-mcp-header-on-number.js";

/**
 * Server mutants whose defect shows on ordinary traffic: written for the invariant layer of the
 * runner (rules checked on every message), before it existed. Their subsets are whole areas of
 * the suite, so that what the transcripts alone catch is measured too.
 */
export const invariantMutants: readonly ServerMutant[] = [
  duplicateToolNames,
  invalidInputSchema,
  structuredContentMismatch,
  textWithoutText,
  nextCursorLoops,
  progressRepeats,
  listChangedUndeclared,
  noCacheHints,
  noResultType,
  invalidLogLevel,
  readContentsWithoutUri,
  tooManyCompletions,
  promptMessageBadRole,
  noAccelBuffering,
  nestedElicitationSchema,
  taskRevives,
  taskResultDropped,
  listenUnfiltered,
  listenBeforeAck,
  responsePost200,
  jsonAsTextJson,
  notificationWithId,
  blobTruncated,
  modernServerRequest,
  xMcpHeaderOnNumber,
  wsBatchOfOne,
  responseEchoedOnGet,
  noPrimingEvent,
  stdoutLatin1,
  sseNotificationEvents,
  ...inputAndTaskMutants,
];
