/**
 * Facts about each method that the schema alone does not carry: which result answers a request,
 * and which capability gates it. Directions and params come from the schema itself (the
 * Client/Server request and notification unions), so they cannot drift from it.
 */

/**
 * Whose declared capabilities gate a method, and the path inside them (e.g. `resources.subscribe`).
 * `receiver` is for methods that flow both ways (tasks): whichever side receives must declare it.
 */
export interface GateFact {
  readonly side: "client" | "server" | "receiver";
  readonly path: string;
}

export interface MethodFact {
  /** Result definitions, for requests. `InputRequiredResult`/`CreateTaskResult` are added where a revision has them. */
  readonly results?: readonly string[];
  /** The gate, or per-revision gates where it changed (a revision not listed inherits the latest earlier one). */
  readonly gate?: GateFact | Readonly<Record<string, GateFact | null>>;
  /** Requests that may answer with an `InputRequiredResult` (stateless era). */
  readonly inputRequired?: boolean;
  /** Requests that may be task-augmented and answered with a `CreateTaskResult` (2025-11-25). */
  readonly taskAugmentable?: boolean;
}

const server = (path: string): GateFact => ({ side: "server", path });
const client = (path: string): GateFact => ({ side: "client", path });
const receiver = (path: string): GateFact => ({ side: "receiver", path });

export const methodFacts: Readonly<Record<string, MethodFact>> = {
  // lifecycle and utilities
  initialize: { results: ["InitializeResult"] },
  ping: { results: ["EmptyResult"] },
  "server/discover": { results: ["DiscoverResult"] },
  "notifications/initialized": {},
  "notifications/cancelled": {},
  "notifications/progress": {},
  // server features
  "tools/list": { results: ["ListToolsResult"], gate: server("tools") },
  "tools/call": {
    results: ["CallToolResult"],
    gate: server("tools"),
    inputRequired: true,
    taskAugmentable: true,
  },
  "resources/list": { results: ["ListResourcesResult"], gate: server("resources") },
  "resources/templates/list": { results: ["ListResourceTemplatesResult"], gate: server("resources") },
  "resources/read": { results: ["ReadResourceResult"], gate: server("resources"), inputRequired: true },
  "resources/subscribe": { results: ["EmptyResult"], gate: server("resources.subscribe") },
  "resources/unsubscribe": { results: ["EmptyResult"], gate: server("resources.subscribe") },
  "prompts/list": { results: ["ListPromptsResult"], gate: server("prompts") },
  "prompts/get": { results: ["GetPromptResult"], gate: server("prompts"), inputRequired: true },
  "completion/complete": {
    results: ["CompleteResult"],
    gate: { "2024-11-05": null, "2025-03-26": server("completions") },
  },
  "logging/setLevel": { results: ["EmptyResult"], gate: server("logging") },
  "subscriptions/listen": { results: ["SubscriptionsListenResult"] },
  "notifications/tools/list_changed": { gate: server("tools.listChanged") },
  "notifications/prompts/list_changed": { gate: server("prompts.listChanged") },
  "notifications/resources/list_changed": { gate: server("resources.listChanged") },
  "notifications/resources/updated": { gate: server("resources.subscribe") },
  "notifications/message": { gate: server("logging") },
  "notifications/subscriptions/acknowledged": {},
  // client features
  "sampling/createMessage": {
    results: ["CreateMessageResult"],
    gate: client("sampling"),
    taskAugmentable: true,
  },
  "roots/list": { results: ["ListRootsResult"], gate: client("roots") },
  "elicitation/create": { results: ["ElicitResult"], gate: client("elicitation"), taskAugmentable: true },
  "notifications/roots/list_changed": { gate: client("roots.listChanged") },
  "notifications/elicitation/complete": { gate: client("elicitation.url") },
  // tasks (2025-11-25): the receiver's `tasks` capability gates them
  "tasks/get": { results: ["GetTaskResult"], gate: receiver("tasks") },
  "tasks/result": { results: ["GetTaskPayloadResult"], gate: receiver("tasks") },
  "tasks/list": { results: ["ListTasksResult"], gate: receiver("tasks.list") },
  "tasks/cancel": { results: ["CancelTaskResult"], gate: receiver("tasks.cancel") },
  "notifications/tasks/status": { gate: receiver("tasks") },
};
