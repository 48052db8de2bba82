import type { ServerMutant } from "../mutant.js";
import { invariantMutants } from "../invariant-mutants/index.js";
import { completionNotServed } from "./completion-not-served.js";
import { manglesUtf8 } from "./mangles-utf8.js";
import { requestsBeforeInitialized } from "./requests-before-initialized.js";
import { skillsDigestUppercase } from "./skills-digest-uppercase.js";
import { skillsGetCursor } from "./skills-get-cursor.js";
import { originAllowAny } from "./origin-allow-any.js";
import { resourceWrongUri } from "./resource-wrong-uri.js";
import { toolsListUnstable } from "./tools-list-unstable.js";
import { samplesUndeclared } from "./samples-undeclared.js";
import { answersNotifications } from "./answers-notifications.js";
import { wrongResponseId } from "./wrong-response-id.js";
import { stringIdForNumber } from "./string-id-for-number.js";
import { missingJsonrpc } from "./missing-jsonrpc.js";
import { wrongJsonrpcVersion } from "./wrong-jsonrpc-version.js";
import { wrongNegotiatedVersion } from "./wrong-negotiated-version.js";
import { acceptsUnknownVersion } from "./accepts-unknown-version.js";
import { undeclaredPrompts } from "./undeclared-prompts.js";
import { missingServerInfo } from "./missing-server-info.js";
import { progressBackwards } from "./progress-backwards.js";
import { progressWrongToken } from "./progress-wrong-token.js";
import { progressAfterResponse } from "./progress-after-response.js";
import { unsolicitedProgress } from "./unsolicited-progress.js";
import { cursorIgnored } from "./cursor-ignored.js";
import { resultAndError } from "./result-and-error.js";
import { methodNotFoundCode } from "./method-not-found-code.js";
import { invalidParamsCode } from "./invalid-params-code.js";
import { errorWithoutMessage } from "./error-without-message.js";
import { stringErrorCode } from "./string-error-code.js";
import { parseErrorIgnored } from "./parse-error-ignored.js";
import { toolWithoutInputSchema } from "./tool-without-input-schema.js";
import { invalidToolName } from "./invalid-tool-name.js";
import { toolErrorNotFlagged } from "./tool-error-not-flagged.js";
import { taskResultNested } from "./task-result-nested.js";
import { toolErrorFailsTask } from "./tool-error-fails-task.js";
import { structuredContentDropped } from "./structured-content-dropped.js";
import { cancellationIgnored } from "./cancellation-ignored.js";
import { pingWithPayload } from "./ping-with-payload.js";
import { logLevelIgnored } from "./log-level-ignored.js";
import { resourceNotFoundCode } from "./resource-not-found-code.js";
import { imageWithoutMimeType } from "./image-without-mime-type.js";
import { promptArgumentsIgnored } from "./prompt-arguments-ignored.js";
import { noResourceUpdated } from "./no-resource-updated.js";
import { noToolsListChanged } from "./no-tools-list-changed.js";
import { batchLosesResponses } from "./batch-loses-responses.js";
import { discoverWrongVersions } from "./discover-wrong-versions.js";
import { envelopeNotRequired } from "./envelope-not-required.js";
import { elicitsUndeclared } from "./elicits-undeclared.js";
import { rawNewlineInMessage } from "./raw-newline-in-message.js";
import { noNewlineDelimiter } from "./no-newline-delimiter.js";
import { stdoutBanner } from "./stdout-banner.js";
import { noExitOnEof } from "./no-exit-on-eof.js";
import { sessionIdNotRequired } from "./session-id-not-required.js";
import { originNotChecked } from "./origin-not-checked.js";
import { hostNotChecked } from "./host-not-checked.js";
import { notification200 } from "./notification-200.js";
import { wrongContentType } from "./wrong-content-type.js";
import { sessionIdWithSpace } from "./session-id-with-space.js";
import { protocolVersionHeaderIgnored } from "./protocol-version-header-ignored.js";
import { deleteKeepsSession } from "./delete-keeps-session.js";
import { taskResultNoWait } from "./task-result-no-wait.js";
import { taskResultNoMeta } from "./task-result-no-meta.js";
import { taskNotFoundCode } from "./task-not-found-code.js";
import { cancelsTerminalTask } from "./cancels-terminal-task.js";
import { taskForbiddenIgnored } from "./task-forbidden-ignored.js";
import { tasksUndeclared } from "./tasks-undeclared.js";
import { elicitsWithoutRelatedTask } from "./elicits-without-related-task.js";
import { tasksListNoCursor } from "./tasks-list-no-cursor.js";
import { taskErrorAsResult } from "./task-error-as-result.js";
import { taskProgressWithoutRelatedTask } from "./task-progress-without-related-task.js";
import { taskCancelKeepsStatus } from "./task-cancel-keeps-status.js";
import { taskGetWithoutTtl } from "./task-get-without-ttl.js";
import { taskRequiredRunsPlainly } from "./task-required-runs-plainly.js";

/** Every server mutant, by name. */
export const serverMutants: readonly ServerMutant[] = [
  answersNotifications,
  wrongResponseId,
  stringIdForNumber,
  missingJsonrpc,
  wrongJsonrpcVersion,
  wrongNegotiatedVersion,
  acceptsUnknownVersion,
  undeclaredPrompts,
  missingServerInfo,
  progressBackwards,
  progressWrongToken,
  progressAfterResponse,
  unsolicitedProgress,
  cursorIgnored,
  resultAndError,
  methodNotFoundCode,
  invalidParamsCode,
  errorWithoutMessage,
  stringErrorCode,
  parseErrorIgnored,
  toolWithoutInputSchema,
  invalidToolName,
  toolErrorNotFlagged,
  taskResultNested,
  toolErrorFailsTask,
  structuredContentDropped,
  cancellationIgnored,
  pingWithPayload,
  logLevelIgnored,
  resourceNotFoundCode,
  imageWithoutMimeType,
  promptArgumentsIgnored,
  noResourceUpdated,
  noToolsListChanged,
  batchLosesResponses,
  discoverWrongVersions,
  envelopeNotRequired,
  elicitsUndeclared,
  rawNewlineInMessage,
  noNewlineDelimiter,
  stdoutBanner,
  noExitOnEof,
  sessionIdNotRequired,
  originNotChecked,
  hostNotChecked,
  notification200,
  wrongContentType,
  sessionIdWithSpace,
  protocolVersionHeaderIgnored,
  deleteKeepsSession,
  samplesUndeclared,
  completionNotServed,
  originAllowAny,
  toolsListUnstable,
  resourceWrongUri,
  manglesUtf8,
  requestsBeforeInitialized,
  taskResultNoWait,
  taskResultNoMeta,
  taskNotFoundCode,
  cancelsTerminalTask,
  taskForbiddenIgnored,
  tasksUndeclared,
  elicitsWithoutRelatedTask,
  tasksListNoCursor,
  taskErrorAsResult,
  taskProgressWithoutRelatedTask,
  skillsGetCursor,
  skillsDigestUppercase,
  taskCancelKeepsStatus,
  taskGetWithoutTtl,
  taskRequiredRunsPlainly,
  ...invariantMutants,
];
