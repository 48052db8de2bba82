import {
  type Capabilities,
  type Connection,
  ErrorCode,
  type InputRequests,
  type InputResponses,
  type JsonObject,
  McpError,
  type Params,
} from "@mcpkit/core";
import { ClientError } from "../errors.js";
import type { ClientOptions, HandlerContext, RootsSource } from "../options.js";
import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  Root,
} from "../types.js";
import { TaskReceiver } from "../tasks/receiver.js";
import { checkElicitContent, withDefaults } from "./elicitation.js";

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/**
 * The answer to a request a task sent carries the task's related-task `_meta` too (2025-11-25:
 * every message related to a task names it).
 */
function withRelatedTask(params: Params, answer: JsonObject): JsonObject {
  const meta = params._meta as Record<string, unknown> | undefined;
  const related = meta?.[RELATED_TASK];
  if (related === undefined) return answer;
  const own = (answer._meta ?? {}) as Record<string, unknown>;
  return { ...answer, _meta: { ...own, [RELATED_TASK]: related } as JsonObject };
}

/** The server-to-client requests the client can answer, each only when its handler is given. */
const methods = [
  ["sampling/createMessage", "sampling"],
  ["roots/list", "roots"],
  ["elicitation/create", "elicitation"],
] as const;

/**
 * The client's answers to server-to-client requests: as request handlers in the session era, and
 * as input-required round answers in the stateless era (the same code either way).
 */
export class ServerRequestHandlers {
  private roots: RootsSource | undefined;
  /** The tasks this client runs for the server (when `options.tasks` is given). */
  readonly receiver: TaskReceiver | undefined;

  constructor(private readonly options: ClientOptions) {
    this.roots = options.roots;
    this.receiver = options.tasks
      ? new TaskReceiver(options.tasks, (capability) =>
          capability === "sampling"
            ? options.sampling !== undefined
            : options.elicitation?.form !== undefined || options.elicitation?.url !== undefined,
        )
      : undefined;
  }

  /** The capabilities to declare: one per handler given. */
  capabilities(): Capabilities {
    const { sampling, samplingTools, elicitation } = this.options;
    const caps: Record<string, unknown> = {};
    if (sampling) caps.sampling = samplingTools ? { tools: {} } : {};
    if (this.roots !== undefined) caps.roots = { listChanged: true };
    if (elicitation?.form || elicitation?.url) {
      caps.elicitation = {
        ...(elicitation.form ? { form: {} } : {}),
        ...(elicitation.url ? { url: {} } : {}),
      };
    }
    if (this.receiver) caps.tasks = this.receiver.capability();
    return caps;
  }

  /** Whether roots were declared (so `notifications/roots/list_changed` may be sent). */
  get hasRoots(): boolean {
    return this.roots !== undefined;
  }

  setRoots(roots: RootsSource): void {
    this.roots = roots;
  }

  /** Registers a request handler per declared capability (core refuses the others with -32601). */
  register(connection: Connection): void {
    const caps = this.capabilities();
    for (const [method, capability] of methods) {
      if (caps[capability] === undefined) continue;
      const { receiver } = this;
      connection.setRequestHandler(method, async (params, ctx) => {
        if (receiver?.accepts(method, params, ctx.revision)) {
          const { task: _task, ...plain } = params;
          return receiver.start(params, (signal) =>
            this.answer(method, plain, { signal, revision: ctx.revision }),
          );
        }
        const answer = await this.answer(method, params, { signal: ctx.signal, revision: ctx.revision });
        return withRelatedTask(params, answer);
      });
    }
    this.receiver?.register(connection);
  }

  /** Answers one stateless-era input round: every request of it, concurrently. */
  async fulfil(requests: InputRequests, ctx: HandlerContext): Promise<InputResponses> {
    const entries = await Promise.all(
      Object.entries(requests).map(async ([key, request]) => {
        const method = typeof request.method === "string" ? request.method : "";
        const params = (
          typeof request.params === "object" && request.params !== null ? request.params : {}
        ) as Params;
        return [key, await this.answer(method, params, ctx)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /** Answers one server-to-client request. */
  async answer(method: string, params: Params, ctx: HandlerContext): Promise<JsonObject> {
    const { sampling, elicitation } = this.options;
    if (method === "sampling/createMessage" && sampling) {
      return { ...(await sampling(params as unknown as CreateMessageRequestParams, ctx)) };
    }
    if (method === "roots/list" && this.roots !== undefined) {
      const roots: readonly Root[] = typeof this.roots === "function" ? await this.roots() : this.roots;
      return { roots: [...roots] };
    }
    if (method === "elicitation/create" && (elicitation?.form || elicitation?.url)) {
      return params.mode === "url" ? this.elicitUrl(params, ctx) : this.elicitForm(params, ctx);
    }
    throw new ClientError("no_handler", `This client has no handler for ${method || "(no method)"}`);
  }

  private async elicitUrl(params: Params, ctx: HandlerContext): Promise<JsonObject> {
    const handler = this.options.elicitation?.url;
    if (!handler)
      throw new McpError(ErrorCode.InvalidParams, "This client does not support URL-mode elicitation");
    return { ...(await handler(params as unknown as ElicitRequestURLParams, ctx)) };
  }

  private async elicitForm(params: Params, ctx: HandlerContext): Promise<JsonObject> {
    const handler = this.options.elicitation?.form;
    if (!handler)
      throw new McpError(ErrorCode.InvalidParams, "This client does not support form-mode elicitation");
    const form = params as unknown as ElicitRequestFormParams;
    const result = await handler(form, ctx);
    if (result.action !== "accept") return { ...result };
    const schema = form.requestedSchema as unknown as Readonly<Record<string, unknown>>;
    const content = this.options.elicitation?.applyDefaults
      ? withDefaults(schema, result.content)
      : result.content;
    const check = checkElicitContent(schema, content ?? {});
    if (!check.ok) {
      throw new ClientError(
        "invalid_elicitation_answer",
        `The elicitation answer does not match requestedSchema: ${check.pointer} ${check.message}`,
        { data: check },
      );
    }
    return { ...result, content };
  }
}
