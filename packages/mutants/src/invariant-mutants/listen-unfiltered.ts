import { isNotification, isObject } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/**
 * 2026-07-28: right after acknowledging a listen stream that did not opt into prompt-list
 * changes, sends one on it anyway (tagged with the stream's subscription id).
 */
export const listenUnfiltered: ServerMutant = {
  name: "listen-unfiltered",
  defect: "Sends notifications/prompts/list_changed on a listen stream whose filter did not ask for it.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/subscriptions/*"], revisions: ["2026-07-28"] },
  inject: rewriting({
    outbound: eachOutbound((m) => {
      if (!isNotification(m) || m.method !== "notifications/subscriptions/acknowledged") return [m];
      const params = isObject(m.params) ? m.params : {};
      const filter = isObject(params.notifications) ? params.notifications : {};
      if (filter.promptsListChanged === true) return [m];
      const meta = isObject(params._meta) ? params._meta : {};
      const extra = {
        jsonrpc: "2.0",
        method: "notifications/prompts/list_changed",
        params: {
          _meta: { "io.modelcontextprotocol/subscriptionId": meta["io.modelcontextprotocol/subscriptionId"] },
        },
      };
      return [m, extra];
    }),
  }),
};
