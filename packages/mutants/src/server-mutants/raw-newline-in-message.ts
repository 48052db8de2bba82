import type { ServerMutant } from "../mutant.js";
import { stdioFraming } from "../inject/stdio-framing.js";

/** stdio: pretty-prints messages, so raw newlines appear inside a message. */
export const rawNewlineInMessage: ServerMutant = {
  name: "raw-newline-in-message",
  defect: "stdio: pretty-prints messages, so raw newlines appear inside a message.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["server/stdio/only-mcp-on-stdout"], revisions: ["2025-11-25"] },
  inject: stdioFraming({ writeLine: (line) => `${JSON.stringify(JSON.parse(line), null, 1)}\n` }),
};
