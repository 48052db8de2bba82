import type { ServerMutant } from "../mutant.js";
import { stdioFraming } from "../inject/stdio-framing.js";

/** stdio: keeps running after the client closes stdin. */
export const noExitOnEof: ServerMutant = {
  name: "no-exit-on-eof",
  defect: "stdio: keeps running after the client closes stdin.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["server/stdio/exit-on-eof"], revisions: ["stateless"] },
  inject: stdioFraming({ hideEof: true }),
};
