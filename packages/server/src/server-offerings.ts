import type { Capabilities } from "@mcpkit/core";
import { completionHandlers } from "./features/completions.js";
import { listenHandler } from "./features/listen.js";
import { assertParamHeaderAnnotations } from "./features/param-headers.js";
import { type PromptRegistration, promptHandlers } from "./features/prompts.js";
import {
  type ResourceRegistration,
  resourceHandlers,
  type TemplateRegistration,
} from "./features/resources.js";
import type { FeatureEnv } from "./features/shared.js";
import { assertToolName } from "./features/tool-name.js";
import { type ToolRegistration, toolHandlers } from "./features/tools.js";
import { isLogLevel } from "./logging.js";
import { Paginator } from "./pagination.js";
import { Registry } from "./registry.js";
import type { ServerOptions } from "./server-options.js";
import type { ListKind, ServerRequestHandler } from "./session.js";
// tasks (2025-11-25): begin
import { assertTaskSupport, onlyAtTaskRevision, taskAwareToolCall } from "./tasks/tool-call-task.js";
import type { ToolTasks } from "./tasks/tool-tasks.js";
// tasks: end

/** What a server offers: its registries of tools, resources, resource templates and prompts. */
export interface Offerings {
  readonly tools: Registry<ToolRegistration>;
  readonly resources: Registry<ResourceRegistration>;
  readonly templates: Registry<TemplateRegistration>;
  readonly prompts: Registry<PromptRegistration>;
}

/** Empty registries; each change to one calls `changed` with the list it changes. */
export function offerings(changed: (kind: ListKind) => void): Offerings {
  return {
    tools: new Registry<ToolRegistration>(
      (t) => t.name,
      "tool",
      () => changed("tools"),
      (tool) => {
        assertToolName(tool.name);
        assertTaskSupport(tool);
        assertParamHeaderAnnotations(tool);
      },
    ),
    resources: new Registry(
      (r) => r.uri,
      "resource",
      () => changed("resources"),
    ),
    templates: new Registry(
      (t) => t.uriTemplate,
      "resource template",
      () => changed("resources"),
    ),
    prompts: new Registry(
      (p) => p.name,
      "prompt",
      () => changed("prompts"),
    ),
  };
}

/** What the feature handlers read of the server's options, with the defaults applied. */
export function featureEnv(options: ServerOptions): FeatureEnv {
  return {
    paginator: new Paginator(options.pageSize ?? 100, options.requestState?.secret),
    listCache: options.cache?.list ?? { ttlMs: 60_000, cacheScope: "public" },
    readCache: options.cache?.read ?? { ttlMs: 0, cacheScope: "private" },
    authorization: options.authorization ?? {},
    logger: options.logger,
  };
}

/**
 * The handlers a server has before any is set, by method: tools, resources, prompts,
 * completions, `logging/setLevel`, `subscriptions/listen`, and with `tasks` the task-aware
 * `tools/call` and `tasks/*` (`capabilities`: what the server declares now).
 */
export function builtinHandlers(
  offered: Offerings,
  env: FeatureEnv,
  report: (error: Error) => void,
  tasks: ToolTasks | undefined,
  capabilities: () => Capabilities,
): Record<string, ServerRequestHandler> {
  const tools = toolHandlers(offered.tools, env, report);
  const builtins: Record<string, ServerRequestHandler> = {
    ...tools,
    ...resourceHandlers(offered.resources, offered.templates, env),
    ...promptHandlers(offered.prompts, env),
    ...completionHandlers(offered.prompts, offered.templates),
    "logging/setLevel": (params, ctx) => {
      if (isLogLevel(params.level)) ctx.session.logLevel = params.level;
      return {};
    },
    "subscriptions/listen": listenHandler,
  };
  // tasks (2025-11-25): begin
  if (tasks) {
    const declared = () => {
      const declaredTasks = capabilities().tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
      return declaredTasks?.requests?.tools?.call !== undefined;
    };
    builtins["tools/call"] = taskAwareToolCall(
      tools["tools/call"] as ServerRequestHandler,
      (name) => offered.tools.get(name),
      tasks,
      declared,
      env.authorization,
    );
    for (const [method, handler] of Object.entries(tasks.handlers()))
      builtins[method] = onlyAtTaskRevision(handler);
  }
  // tasks: end
  return builtins;
}
