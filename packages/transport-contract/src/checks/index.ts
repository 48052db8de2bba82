import type { ContractCheck } from "../session.js";
import { afterCloseChecks } from "./after-close.js";
import { closeChecks } from "./close.js";
import { errorChecks } from "./errors.js";
import { inFlightChecks } from "./in-flight.js";
import { isolationChecks } from "./isolation.js";
import { largeChecks } from "./large.js";
import { orderingChecks } from "./ordering.js";
import { unreadableChecks } from "./unreadable.js";

export interface CheckGroup {
  readonly title: string;
  readonly checks: readonly ContractCheck[];
}

/** Every check, grouped as the suite's `describe` blocks. */
export const checkGroups: readonly CheckGroup[] = [
  { title: "ordering", checks: orderingChecks },
  { title: "large messages", checks: largeChecks },
  { title: "requests in flight", checks: inFlightChecks },
  { title: "close", checks: closeChecks },
  { title: "nothing after close", checks: afterCloseChecks },
  { title: "errors", checks: errorChecks },
  { title: "unreadable frames", checks: unreadableChecks },
  { title: "isolation", checks: isolationChecks },
];
