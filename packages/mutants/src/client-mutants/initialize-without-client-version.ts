import type { ClientMutant } from "../mutant.js";
import { isObject } from "../inject/json.js";
import { onMethod, withParams } from "./lines.js";

/**
 * Opens with an initialize whose clientInfo has no version. Written for the client invariants: the
 * transcript it runs with does not look at clientInfo, only the opening rule on every run does.
 */
export const initializeWithoutClientVersion: ClientMutant = {
  name: "initialize-without-client-version",
  defect: "Sends initialize with clientInfo lacking its version.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/base/answers-ping-and-unknown-methods"],
    revisions: ["2025-11-25"],
  },
  outbound: onMethod("initialize", (message) => [
    withParams(message, (params) => {
      const { version: _dropped, ...info } = isObject(params.clientInfo) ? params.clientInfo : {};
      return { ...params, clientInfo: info };
    }),
  ]),
};
