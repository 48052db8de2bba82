import type { Connection, JsonObject } from "@mcpkit/core";
import type { Emitter } from "../events.js";
import type {
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  Prompt,
  Resource,
  SubscriptionFilter,
  Tool,
} from "../types.js";
import type { TaskInfo } from "../tasks/tool-task.js";
import type { ClientCache } from "./cache.js";
import type { Listeners, Subscription } from "./listen.js";
import type { ReconnectEvents } from "../resilience/options.js";

/**
 * The client's events.
 *
 * @example
 * ```ts
 * client.on("toolsChanged", ({ tools }) => console.log("tools now", tools?.map((t) => t.name)));
 * client.on("log", ({ level, data }) => console.log(level, data));
 * ```
 */
export interface ClientEvents extends ReconnectEvents {
  /** The server's tools changed; `tools` is the refreshed list when the client had listed them before. */
  toolsChanged: { readonly tools?: Tool[] };
  promptsChanged: { readonly prompts?: Prompt[] };
  resourcesChanged: { readonly resources?: Resource[] };
  /** A subscribed resource changed (`resources/subscribe`, or `resourceSubscriptions` on a listen stream). */
  resourceUpdated: { readonly uri: string };
  log: LoggingMessageNotificationParams;
  /** Every progress report, whichever request it belongs to. */
  progress: ProgressNotificationParams;
  /** A URL-mode elicitation finished (2025-11-25). */
  elicitationComplete: { readonly elicitationId: string };
  /**
   * A `listen` stream broke off and was opened again (2026-07-28 streams do not resume):
   * notifications sent in between may be lost; re-read what matters.
   */
  subscriptionGap: {
    readonly subscription: Subscription;
    readonly filter: SubscriptionFilter;
    readonly error: Error;
  };
  /** A task's status changed, as the server notified (`notifications/tasks/status`, 2025-11-25). */
  taskStatus: TaskInfo;
  /** The client's connection closed for good: `close()`, or lost and not (or no longer) reconnecting. */
  close: { readonly error?: Error };
}

/** What the notification handlers need from the client. */
export interface NotificationHost {
  readonly events: Emitter<ClientEvents>;
  readonly cache: ClientCache | undefined;
  readonly listeners: Listeners;
  readonly refreshOnListChanged: boolean;
  /** Re-lists a kind if it was listed before; undefined if it was not. */
  refresh(kind: "tools" | "prompts" | "resources"): Promise<unknown[] | undefined> | undefined;
  report(error: Error): void;
}

const listChanged = [
  ["notifications/tools/list_changed", "tools", "toolsChanged", "tools/list"],
  ["notifications/prompts/list_changed", "prompts", "promptsChanged", "prompts/list"],
  ["notifications/resources/list_changed", "resources", "resourcesChanged", "resources/"],
] as const;

/** Registers the handlers that turn server notifications into cache updates and events. */
export function wireNotifications(connection: Connection, host: NotificationHost): void {
  for (const [method, kind, event, prefix] of listChanged) {
    connection.setNotificationHandler(method, async () => {
      // resources/ also drops cached reads: a changed list may mean changed contents.
      host.cache?.invalidate(prefix);
      let items: unknown[] | undefined;
      if (host.refreshOnListChanged) {
        try {
          items = await host.refresh(kind);
        } catch (error) {
          host.report(error instanceof Error ? error : new Error(String(error)));
        }
      }
      host.events.emit(event, (items ? { [kind]: items } : {}) as never);
    });
  }
  connection.setNotificationHandler("notifications/resources/updated", (params) => {
    const uri = String(params.uri);
    host.cache?.invalidate(`resources/read ${JSON.stringify({ uri })}`);
    host.events.emit("resourceUpdated", { uri });
  });
  connection.setNotificationHandler("notifications/message", (params) => {
    host.events.emit("log", params as unknown as LoggingMessageNotificationParams);
  });
  connection.setNotificationHandler("notifications/progress", (params) => {
    host.events.emit("progress", params as unknown as ProgressNotificationParams);
  });
  connection.setNotificationHandler("notifications/elicitation/complete", (params) => {
    host.events.emit("elicitationComplete", { elicitationId: String(params.elicitationId) });
  });
  connection.setNotificationHandler("notifications/subscriptions/acknowledged", (params) => {
    host.listeners.acknowledged(params as JsonObject);
  });
}
