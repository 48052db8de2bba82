import { ErrorCode, type JsonObject, McpError, type Params, truncateEcho } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { ServerContext } from "../context.js";
import type { Registry } from "../registry.js";
import type { ServerRequestHandler } from "../session.js";
import { requireScopes } from "../scopes.js";
import { pick, sinceFields } from "../shape.js";
import { UriTemplate } from "../uri-template.js";
import type {
  ReadHandler,
  ReadResult,
  ResourceDefinition,
  ResourceTemplateDefinition,
  TemplateReadHandler,
} from "../types.js";
import { cacheFields, type FeatureEnv, listPage } from "./shared.js";

export interface ResourceRegistration extends ResourceDefinition {
  readonly handler: ReadHandler;
}

export interface TemplateRegistration extends ResourceTemplateDefinition {
  readonly handler: TemplateReadHandler;
  /** Lists the concrete resources the template currently stands for (shown by `resources/list`). */
  readonly list?: (
    ctx: ServerContext,
  ) => readonly ResourceDefinition[] | Promise<readonly ResourceDefinition[]>;
}

const templates = new Map<string, UriTemplate>();

/** The compiled template (cached by its text). */
export function templateOf(text: string): UriTemplate {
  let template = templates.get(text);
  if (!template) {
    template = new UriTemplate(text);
    templates.set(text, template);
  }
  return template;
}

/** The not-found error of a revision: -32002 up to 2025-11-25, -32602 from 2026-07-28. */
export function resourceNotFound(revision: Revision, uri: string): McpError {
  const code = revision >= "2026-07-28" ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;
  const echoed = truncateEcho(uri);
  return new McpError(code, `Resource not found: ${echoed}`, { uri: echoed });
}

function listed(
  revision: Revision,
  item: ResourceDefinition | ResourceTemplateDefinition,
): Record<string, unknown> {
  const since = sinceFields(revision);
  const base = "uri" in item ? pick(item, ["uri"]) : pick(item, ["uriTemplate"]);
  return {
    ...base,
    name: item.name,
    ...(since.title ? pick(item, ["title"]) : {}),
    ...pick(item, ["description", "mimeType", "annotations"]),
    ...("size" in item ? pick(item, ["size"]) : {}),
    ...(since.icons ? pick(item, ["icons"]) : {}),
    ...(since.meta ? pick(item, ["_meta"]) : {}),
  };
}

/** What serves a URI: a static resource, or the first template that matches it. */
export function resolveUri(
  resources: Registry<ResourceRegistration>,
  templateRegistry: Registry<TemplateRegistration>,
  uri: string,
):
  | { readonly resource: ResourceRegistration }
  | { readonly template: TemplateRegistration; readonly variables: Record<string, string | string[]> }
  | undefined {
  const resource = resources.get(uri);
  if (resource) return { resource };
  for (const template of templateRegistry.list()) {
    const variables = templateOf(template.uriTemplate).match(uri);
    if (variables) return { template, variables };
  }
  return undefined;
}

/** `resources/list`, `resources/templates/list`, `resources/read`, `resources/subscribe`, `resources/unsubscribe`. */
export function resourceHandlers(
  resources: Registry<ResourceRegistration>,
  templateRegistry: Registry<TemplateRegistration>,
  env: FeatureEnv,
): Record<string, ServerRequestHandler> {
  /** The resource or template serving `uri`, once the caller's scopes allow it. */
  const permitted = (uri: string, ctx: ServerContext) => {
    const found = resolveUri(resources, templateRegistry, uri);
    if (!found) throw resourceNotFound(ctx.revision, uri);
    const scopes = "resource" in found ? found.resource.scopes : found.template.scopes;
    if (scopes)
      requireScopes(ctx, scopes, `resource ${JSON.stringify(truncateEcho(uri))}`, env.authorization);
    return found;
  };
  return {
    "resources/list": async (params, ctx) => {
      const dynamic: ResourceDefinition[] = [];
      for (const template of templateRegistry.list())
        if (template.list) dynamic.push(...(await template.list(ctx)));
      const items = [...resources.list(), ...dynamic].map((r) => listed(ctx.revision, r));
      return listPage(env, ctx, params, "resources", items);
    },
    "resources/templates/list": (params, ctx) =>
      listPage(
        env,
        ctx,
        params,
        "resourceTemplates",
        templateRegistry.list().map((t) => listed(ctx.revision, t)),
      ),
    "resources/read": async (params, ctx) => {
      const uri = String(params.uri);
      const found = permitted(uri, ctx);
      const result: ReadResult =
        "resource" in found
          ? await found.resource.handler(uri, ctx)
          : await found.template.handler(uri, found.variables, ctx);
      const hint = ("resource" in found ? found.resource.cache : found.template.cache) ?? env.readCache;
      return readResult(result, ctx, hint);
    },
    "resources/subscribe": async (params: Params, ctx) => {
      const uri = String(params.uri);
      permitted(uri, ctx);
      if (!(await ctx.session.subscribe(uri))) {
        throw new McpError(ErrorCode.InvalidParams, "Too many subscriptions", { uri: truncateEcho(uri) });
      }
      return {};
    },
    "resources/unsubscribe": async (params: Params, ctx) => {
      await ctx.session.unsubscribe(String(params.uri));
      return {};
    },
  };
}

function readResult(
  result: ReadResult,
  ctx: ServerContext,
  hint: { ttlMs: number; cacheScope: "public" | "private" },
): JsonObject {
  return {
    contents: result.contents,
    ...(result._meta === undefined ? {} : { _meta: result._meta }),
    ...cacheFields(ctx, hint),
  };
}
