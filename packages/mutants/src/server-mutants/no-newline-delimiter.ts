import type { ServerMutant } from "../mutant.js";
import { stdioFraming } from "../inject/stdio-framing.js";

/** stdio: writes messages back to back without the newline delimiter. */
export const noNewlineDelimiter: ServerMutant = {
  name: "no-newline-delimiter",
  defect: "stdio: writes messages back to back without the newline delimiter.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: stdioFraming({ writeLine: (line) => line }),
};
