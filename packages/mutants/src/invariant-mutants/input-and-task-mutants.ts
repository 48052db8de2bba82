import type { ServerMutant } from "../mutant.js";
import { taskTimestampsNotIso } from "./task-timestamps-not-iso.js";
import { taskListNoLastUpdated } from "./task-list-no-last-updated.js";
import { taskListStatusRenamed } from "./task-list-status-renamed.js";
import { taskGetRelatedMeta } from "./task-get-related-meta.js";
import { taskStatusRelatedMeta } from "./task-status-related-meta.js";
import { skillsOmitSkillMd } from "./skills-omit-skill-md.js";
import { skillsNameMismatch } from "./skills-name-mismatch.js";
import { skillsResourceOutside } from "./skills-resource-outside.js";
import { taskUncancels } from "./task-uncancels.js";
import { taskWorksAfterResult } from "./task-works-after-result.js";
import { taskFailedNoStatusMessage } from "./task-failed-no-status-message.js";
import { extGetResultTypeTask } from "./ext-get-result-type-task.js";
import { extCancelAckEchoes } from "./ext-cancel-ack-echoes.js";
import { extCreateWithoutTtl } from "./ext-create-without-ttl.js";
import { extLegacyCapability } from "./ext-legacy-capability.js";
import { extNotAdvertised } from "./ext-not-advertised.js";
import { inputRequiredNestedSchema } from "./input-required-nested-schema.js";
import { inputRequiredSamplingContext } from "./input-required-sampling-context.js";
import { inputRequiredSamplingTools } from "./input-required-sampling-tools.js";
import { inputRequiredUrlUndeclared } from "./input-required-url-undeclared.js";

/**
 * Invariant mutants of the manifest sweep over input requests (2026-07-28 inputRequests), tasks and skills,
 * each with the requirement its defect breaks.
 */
export const inputAndTaskMutants: readonly ServerMutant[] = [
  inputRequiredNestedSchema,
  inputRequiredUrlUndeclared,
  inputRequiredSamplingTools,
  inputRequiredSamplingContext,
  taskTimestampsNotIso,
  taskListNoLastUpdated,
  taskListStatusRenamed,
  taskGetRelatedMeta,
  taskStatusRelatedMeta,
  taskFailedNoStatusMessage,
  taskUncancels,
  taskWorksAfterResult,
  extGetResultTypeTask,
  extCancelAckEchoes,
  extCreateWithoutTtl,
  extLegacyCapability,
  extNotAdvertised,
  skillsOmitSkillMd,
  skillsNameMismatch,
  skillsResourceOutside,
];

/** The requirement each of {@link inputAndTaskMutants} breaks. */
export const inputAndTaskBreaks: Readonly<Record<string, string>> = {
  "input-required-nested-schema": "elicitation.schema.restricted",
  "input-required-url-undeclared": "elicitation.server-respect-modes",
  "input-required-sampling-tools": "sampling.tools.gated",
  "input-required-sampling-context": "sampling.context.gated",
  "task-timestamps-not-iso": "tasks.ttl.created-at",
  "task-list-no-last-updated": "tasks.ttl.last-updated-at",
  "task-list-status-renamed": "tasks.status.valid-transitions",
  "task-get-related-meta": "tasks.meta.not-in-results",
  "task-status-related-meta": "tasks.notification.no-related-meta",
  "task-failed-no-status-message": "tasks.execution.failed-status-message",
  "task-uncancels": "tasks.cancel.stays-cancelled",
  "task-works-after-result": "tasks.result.blocks",
  "ext-get-result-type-task": "tasks-extension.get.result-type-complete",
  "ext-cancel-ack-echoes": "tasks-extension.cancel.ack",
  "ext-create-without-ttl": "tasks-extension.result-type.task",
  "ext-legacy-capability": "tasks-extension.compat.no-legacy-capability",
  "ext-not-advertised": "tasks-extension.negotiation.advertise",
  "skills-omit-skill-md": "skills.resources.complete",
  "skills-name-mismatch": "skills.entry.name-matches-uri",
  "skills-resource-outside": "skills.resources.within-skill",
};

/** Older (transcript) mutants of the classes these invariants target, with the rule each breaks. */
export const inputAndTaskAlso: Readonly<Record<string, string>> = {
  "task-get-without-ttl": "tasks.ttl.actual-in-get",
  "task-result-no-meta": "tasks.meta.result",
  "task-cancel-keeps-status": "tasks.cancel.status-before-response",
  "task-progress-without-related-task": "tasks.meta.related",
  "skills-digest-uppercase": "skills.resources.digest-format",
  "skills-get-cursor": "skills.get.no-cursor",
};
