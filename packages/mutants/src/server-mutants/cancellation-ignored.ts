import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";

/** Ignores notifications/cancelled and still answers the cancelled request. */
export const cancellationIgnored: ServerMutant = {
  name: "cancellation-ignored",
  defect: "Ignores notifications/cancelled and still answers the cancelled request.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/cancellation"], revisions: ["2025-11-25"] },
  inject: rewriting(mapInbound("notifications/cancelled", () => undefined)),
};
