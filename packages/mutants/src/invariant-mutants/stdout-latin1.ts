import { stdioFraming } from "../inject/stdio-framing.js";
import type { ServerMutant } from "../mutant.js";

/**
 * stdio: writes its stdout in Latin-1 instead of UTF-8, as a server on a legacy code page does.
 * The reference's own traffic is ASCII, where both encodings agree, so the mutant also gives its
 * serverInfo a title with accents: `é` goes out as the single byte 0xE9, not valid UTF-8.
 */
export const stdoutLatin1: ServerMutant = {
  name: "stdout-latin1",
  defect: "stdio: writes stdout in Latin-1 (its serverInfo title Référence has bytes that are not UTF-8).",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["server/lifecycle/*"], revisions: ["2025-11-25"] },
  inject: stdioFraming({
    encoding: "latin1",
    writeLine: (line) => `${line.replace('"serverInfo":{', '"serverInfo":{"title":"Référence",')}\n`,
  }),
};
