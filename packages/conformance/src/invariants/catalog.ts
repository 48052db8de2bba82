/** The side whose messages a rule module judges: the server's (server mode) or the client's. */
export type CheckedSide = "server" | "client";

/** The requirement ids one rule module of the invariant layer can report, and on which side. */
export interface RuleModuleIds {
  /** The file under src/invariants/, without `.ts`. */
  module: string;
  /** The sides whose messages the module's rules judge. */
  sides: readonly CheckedSide[];
  /** Every requirement id the module reports (the literals in its source). */
  ids: readonly string[];
}

/**
 * What the invariant layer checks, module by module (kept in module-name order; a new rule module
 * adds its own entry). A test (test/invariant-coverage.test.ts) proves that each entry lists
 * exactly the requirement ids its module's source names, and that the manifest marks exactly these
 * ids `"observable": true`.
 */
export const INVARIANT_CATALOG: readonly RuleModuleIds[] = [
  {
    module: "auth-exchange-rules",
    sides: ["server"],
    ids: [
      "auth.server.bearer-challenge",
      "auth.server.challenge-resource-metadata",
      "auth.server.challenge-scope",
      "auth.server.insufficient-scope-params",
      "auth.server.no-offline-access",
    ],
  },
  {
    module: "capability-rules",
    sides: ["server"],
    ids: [
      "completion.capability",
      "lifecycle.init.response-fields",
      "logging.capability",
      "mrtr.server.inputs-or-state",
      "mrtr.server.supported-methods-only",
      "prompts.capability",
      "resources.capability",
      "tools.capability",
    ],
  },
  {
    module: "client-answer-rules",
    sides: ["client"],
    ids: [
      "elicitation.result",
      "lifecycle.meta.client-info",
      "lifecycle.meta.required-envelope",
      "pagination.cursor-opaque",
      "roots.list.result",
      "roots.uri-file",
      "sampling.result",
      "tasks.requestor.no-related-meta-in-task-requests",
      "tasks.requestor.related-meta-responses",
    ],
  },
  {
    module: "client-http-rules",
    sides: ["client"],
    ids: [
      "auth.client.bearer-every-request",
      "auth.client.bearer-header",
      "auth.client.no-query-token",
      "http.post.accept",
      "http.post.body-batch-allowed",
      "http.post.body-single",
      "http.session.client-delete",
      "http.session.client-echo",
      "http.version-header.client",
      "http.version-header.negotiated",
      "http2026.headers.name-encoding",
      "http2026.headers.standard",
      "http2026.post.accept",
      "http2026.post.no-responses",
      "http2026.post.single",
      "http2026.value-encoding.client",
      "http2026.version.header-matches-meta",
      "http2026.version.header-present",
      "http2026.x-mcp-header.client-mirror",
    ],
  },
  {
    module: "client-mrtr-rules",
    sides: ["client"],
    ids: [
      "mrtr.client.echo-state",
      "mrtr.client.fulfil-before-retry",
      "mrtr.client.new-id",
      "mrtr.client.no-cross-use",
      "mrtr.client.no-invented-state",
    ],
  },
  {
    module: "client-opening-rules",
    sides: ["client"],
    ids: [
      "lifecycle.init.client-waits",
      "lifecycle.init.first-request",
      "lifecycle.init.initialized-notification",
      "lifecycle.init.not-batched",
      "lifecycle.init.request-fields",
    ],
  },
  { module: "client-rules", sides: ["client"], ids: ["base.request.id-unique", "ping.respond"] },
  {
    module: "client-task-rules",
    sides: ["client"],
    ids: [
      "tasks-extension.client.answer-once",
      "tasks-extension.client.cancel-with-tasks-cancel",
      "tasks-extension.client.input-requests",
      "tasks-extension.client.poll-interval",
      "tasks.client-receiver.create-task-result",
      "tasks.requestor.augment-declared-only",
      "tasks.requestor.cancel-with-tasks-cancel",
      "tasks.requestor.capability-required",
      "tasks.requestor.poll-interval",
      "tasks.requestor.tool-forbidden",
      "tasks.requestor.tool-required",
    ],
  },
  { module: "client-ws-rules", sides: ["client"], ids: ["ws.subprotocol.offer"] },

  {
    module: "envelope-rules",
    sides: ["server", "client"],
    ids: [
      "base.error-codes.no-32042",
      "base.error-codes.no-resource-not-found-32002",
      "base.error.code-and-message",
      "base.error.integer-code",
      "base.jsonrpc.version",
      "base.meta.key-format",
      "base.notification.no-id",
      "base.notification.no-response",
      "base.request.id-not-null",
      "base.request.id-type",
      "base.response.not-both",
      "base.response.result-or-error",
      "base.response.same-id",
    ],
  },
  {
    module: "error-code-rules",
    sides: ["server", "client"],
    ids: [
      "base.error-codes.app-range",
      "base.error-codes.no-legacy-range",
      "base.error-codes.no-undefined-reserved",
    ],
  },
  {
    module: "exchange-rules",
    sides: ["server"],
    ids: [
      "http.post.accepted-202",
      "http.post.request-content-type",
      "http2026.post.notification-202",
      "http2026.post.request-content-type",
    ],
  },
  {
    module: "header-rules",
    sides: ["server"],
    ids: ["http.session.id-charset", "http2026.compat.ignore-session-id", "http2026.sse.no-buffering-header"],
  },
  {
    module: "input-request-rules",
    sides: ["server"],
    ids: [
      "elicitation.schema.restricted",
      "elicitation.server-respect-modes",
      "mrtr.server.declared-kinds-only",
      "mrtr.server.request-kinds",
      "sampling.context.gated",
      "sampling.tools.gated",
    ],
  },
  { module: "legacy-sse-rules", sides: ["server"], ids: ["sse.message-events"] },
  {
    module: "notification-rules",
    sides: ["server"],
    ids: [
      "http2026.sse.no-requests",
      "lifecycle.init.server-waits",
      "lifecycle.operation.respect-capabilities",
      "lifecycle.operation.respect-capabilities-must",
      "logging.capability",
      "logging.level-values",
      "logging.modern-opt-in",
      "logging.respect-level",
      "mrtr.server.no-direct-requests",
      "progress.active-only",
      "progress.increasing",
      "progress.notification-token",
      "progress.stop-after-completion",
      "progress.token-type",
      "stdio.modern.no-server-requests",
    ],
  },
  { module: "observe-pass", sides: ["server"], ids: ["pagination.stable-cursors"] },
  {
    module: "observer",
    sides: ["server", "client"],
    ids: [
      "stdio.newline-delimited",
      "stdio.single-messages",
      "stdio.stdin-mcp-only",
      "stdio.stdout-mcp-only",
      "ws.one-message-per-frame",
    ],
  },
  {
    module: "result-rules",
    sides: ["server"],
    ids: [
      "base.json-schema.schemas-valid",
      "base.result.result-type",
      "caching.fields-present",
      "completion.max-values",
      "completion.result-shape",
      "lifecycle.meta.server-info",
      "logging.set-level-empty-result",
      "pagination.stable-cursors",
      "ping.respond",
      "prompts.get.result",
      "prompts.list.result",
      "resources.list.result",
      "resources.read.result",
      "resources.security.binary-encoding",
      "resources.subscribe.empty-result",
      "resources.templates.result",
      "resources.uri.valid",
      "tools.call.result",
      "tools.embedded-resources.capability",
      "tools.input-schema.object",
      "tools.list.result",
      "tools.name.format",
      "tools.output.conform",
      "tools.output.text-mirror",
    ],
  },
  {
    module: "skill-file-rules",
    sides: ["server"],
    ids: [
      "skills.directory.subdirectory-mimetype",
      "skills.skillmd.frontmatter",
      "skills.skillmd.mimetype",
      "skills.skillmd.required",
      "skills.skillmd.resource-metadata",
    ],
  },
  {
    module: "skills-rules",
    sides: ["server"],
    ids: [
      "skills.capability.commits-to-methods",
      "skills.capability.requires-resources",
      "skills.capability.settings-inline",
      "skills.directory.children",
      "skills.directory.supported",
      "skills.entry.frontmatter",
      "skills.entry.name-matches-uri",
      "skills.entry.resources",
      "skills.entry.uri",
      "skills.get.cache-attributes",
      "skills.get.no-cursor",
      "skills.get.result",
      "skills.limits.resources-per-skill",
      "skills.limits.total-size",
      "skills.list.cache-attributes",
      "skills.list.result",
      "skills.name.naming-rules",
      "skills.names.unique",
      "skills.resources.complete",
      "skills.resources.digest-format",
      "skills.resources.size",
      "skills.resources.within-skill",
      "skills.uri.authority-reg-name",
      "skills.uri.scheme",
    ],
  },
  {
    module: "stream-rules",
    sides: ["server"],
    ids: [
      "http.get.no-responses",
      "http.get.unrelated-only",
      "http.polling.priming-event",
      "http.sse.related-only",
      "http2026.sse.related-only",
    ],
  },
  {
    module: "subscription-rules",
    sides: ["server"],
    ids: [
      "subscriptions.ack-first",
      "subscriptions.filter",
      "subscriptions.request-scoped-elsewhere",
      "subscriptions.tagged",
    ],
  },
  { module: "task-exchange-rules", sides: ["server"], ids: ["tasks.http.get-no-sse"] },
  {
    module: "task-field-rules",
    sides: ["server"],
    ids: [
      "tasks.cancel.status-before-response",
      "tasks.cancel.stays-cancelled",
      "tasks.capability.declare",
      "tasks.execution.failed-status-message",
      "tasks.id.string",
      "tasks.id.unique",
      "tasks.meta.not-in-results",
      "tasks.meta.related",
      "tasks.meta.result",
      "tasks.notification.no-related-meta",
      "tasks.result.blocks",
      "tasks.result.create-task-result",
      "tasks.status.valid-transitions",
      "tasks.support.undeclared-processed-normally",
      "tasks.ttl.actual-in-get",
      "tasks.ttl.created-at",
      "tasks.ttl.last-updated-at",
    ],
  },
  {
    module: "task-rules",
    sides: ["server"],
    ids: ["tasks-extension.get.status-fields", "tasks.status.terminal-final"],
  },
  {
    module: "tasks-extension-rules",
    sides: ["server"],
    ids: [
      "tasks-extension.cancel.ack",
      "tasks-extension.compat.no-legacy-capability",
      "tasks-extension.get.result-type-complete",
      "tasks-extension.negotiation.advertise",
      "tasks-extension.negotiation.no-task-undeclared",
      "tasks-extension.result-type.task",
      "tasks-extension.result-type.task-only-on-create",
      "tasks-extension.update.ack",
    ],
  },
  {
    module: "tool-definition-rules",
    sides: ["server"],
    ids: ["tools.name.no-special", "tools.x-mcp-header.valid-annotations"],
  },
  { module: "utf8-rules", sides: ["server", "client"], ids: ["base.jsonrpc.utf8"] },
];

/**
 * The requirement ids the invariant layer checks, each with the sides it is checked on.
 * @example
 * checkedRequirements().get("base.response.not-both"); // Set { "server", "client" }
 */
export function checkedRequirements(
  catalog: readonly RuleModuleIds[] = INVARIANT_CATALOG,
): Map<string, Set<CheckedSide>> {
  const out = new Map<string, Set<CheckedSide>>();
  for (const entry of catalog) {
    for (const id of entry.ids) {
      const sides = out.get(id) ?? new Set<CheckedSide>();
      for (const side of entry.sides) sides.add(side);
      out.set(id, sides);
    }
  }
  return out;
}

/**
 * Whether the invariant layer checks a requirement that binds `side` (manifest `side`): a `server`
 * or `client` rule must be checked on that side; a `both` rule counts as checked when either side
 * is (the catalog says which).
 * @example
 * checksRequirement("base.response.not-both", "both"); // true
 */
export function checksRequirement(
  id: string,
  side: "server" | "client" | "both",
  checked: ReadonlyMap<string, ReadonlySet<CheckedSide>> = checkedRequirements(),
): boolean {
  const sides = checked.get(id);
  if (sides === undefined) return false;
  return side === "both" ? sides.size > 0 : sides.has(side);
}
