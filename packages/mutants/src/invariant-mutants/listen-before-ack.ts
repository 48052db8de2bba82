import { isNotification, isObject } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/**
 * 2026-07-28: a listen stream's first tagged message is a request-scoped log notification, sent
 * in front of the acknowledgement (which must come first and never carry such notifications).
 */
export const listenBeforeAck: ServerMutant = {
  name: "listen-before-ack",
  defect: "Sends a tagged notifications/message on a listen stream before acknowledging it.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/subscriptions/*"], revisions: ["2026-07-28"] },
  inject: rewriting({
    outbound: eachOutbound((m) => {
      if (!isNotification(m) || m.method !== "notifications/subscriptions/acknowledged") return [m];
      const params = isObject(m.params) ? m.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      const early = {
        jsonrpc: "2.0",
        method: "notifications/message",
        params: {
          _meta: { "io.modelcontextprotocol/subscriptionId": meta["io.modelcontextprotocol/subscriptionId"] },
          level: "info",
          data: "listening",
        },
      };
      return [early, m];
    }),
  }),
};
