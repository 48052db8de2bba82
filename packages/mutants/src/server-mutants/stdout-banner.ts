import type { ServerMutant } from "../mutant.js";
import { stdioFraming } from "../inject/stdio-framing.js";

/** stdio: prints a banner line to stdout before serving. */
export const stdoutBanner: ServerMutant = {
  name: "stdout-banner",
  defect: "stdio: prints a banner line to stdout before serving.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["server/stdio/only-mcp-on-stdout"], revisions: ["2025-11-25"] },
  inject: stdioFraming({ banner: "everything-server ready\n" }),
};
