import type { ClientMutant } from "../mutant.js";
import { declaresNoCapabilities } from "./declares-no-capabilities.js";
import { dropsRelatedTaskMeta } from "./drops-related-task-meta.js";
import { ignoresNextCursor } from "./ignores-next-cursor.js";
import { ignoresServerCapabilities } from "./ignores-server-capabilities.js";
import { ignoresTaskSupport } from "./ignores-task-support.js";
import { initializeWithoutClientVersion } from "./initialize-without-client-version.js";
import { initializedLate } from "./initialized-late.js";
import { clientMissingJsonrpc } from "./missing-jsonrpc.js";
import { pingAnswerWrongId } from "./ping-answer-wrong-id.js";
import { pollsWithoutDelay } from "./polls-without-delay.js";
import { prefetchesSkill } from "./prefetches-skill.js";
import { reusesRequestId } from "./reuses-request-id.js";
import { skipsInitialized } from "./skips-initialized.js";
import { stdinBanner } from "./stdin-banner.js";
import { wrongInitializeVersion } from "./wrong-initialize-version.js";

/** Every client mutant, by name. */
export const clientMutants: readonly ClientMutant[] = [
  skipsInitialized,
  wrongInitializeVersion,
  declaresNoCapabilities,
  ignoresNextCursor,
  clientMissingJsonrpc,
  pingAnswerWrongId,
  reusesRequestId,
  ignoresServerCapabilities,
  prefetchesSkill,
  ignoresTaskSupport,
  pollsWithoutDelay,
  dropsRelatedTaskMeta,
  initializeWithoutClientVersion,
  stdinBanner,
  initializedLate,
];
