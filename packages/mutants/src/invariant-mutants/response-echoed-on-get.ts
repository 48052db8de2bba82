import { isResponse } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

const echo = rewriting({ outbound: (payload) => (isResponse(payload) ? [payload, payload] : [payload]) });

/**
 * Streamable HTTP: sends every response twice. The first copy answers the POST; the POST's stream
 * is done by then, so the transport routes the second to the standalone GET stream, where no
 * response may travel unless a stream is being resumed.
 */
export const responseEchoedOnGet: ServerMutant = {
  name: "response-echoed-on-get",
  defect: "Streamable HTTP: sends each response a second time, which lands on the GET stream.",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/*"], revisions: ["2025-11-25"] },
  inject: (assembly) => (assembly.config.transport === "http" ? echo(assembly) : assembly),
};
