import { type Json, type JsonObject, deepEqual, isObject } from "../model/json.js";
import { featureRules } from "./capability-rules.js";
import { contentProblem } from "./content-rules.js";
import { blobProblem } from "./encoding-rules.js";
import { compileSchema, firstError } from "./schemas.js";
import type { RunState, SentRequest } from "./state.js";
import { toolDefinitionRules } from "./tool-definition-rules.js";
import type { Breach } from "./violation.js";

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** RFC 3986: a URI starts with a scheme. */
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const LISTS: Record<string, string> = {
  "tools/list": "tools",
  "prompts/list": "prompts",
  "resources/list": "resources",
  "resources/templates/list": "resourceTemplates",
};
const CACHED = new Set([...Object.keys(LISTS), "resources/read", "server/discover"]);

type Check = (
  result: JsonObject,
  request: SentRequest,
  state: RunState,
  push: (r: string, d: string) => void,
) => void;

/** Results that are not the method's final answer (2026-07-28 input rounds, tasks). */
function interim(result: JsonObject, request: SentRequest): boolean {
  return (
    (typeof result.resultType === "string" && result.resultType !== "complete") ||
    isObject(result.task) ||
    isObject(request.params.task)
  );
}

function schemaProblem(
  schema: Json | undefined,
  what: string,
  push: (r: string, d: string) => void,
  strict: boolean,
): void {
  if (!isObject(schema)) {
    push(
      strict && what.startsWith("the inputSchema") ? "tools.input-schema.object" : "tools.list.result",
      `${what} is not an object`,
    );
    return;
  }
  if (schema.type !== "object")
    push("tools.list.result", `${what} has type ${JSON.stringify(schema.type ?? null)}, not "object"`);
  if (!strict) return;
  const compiled = compileSchema(schema);
  if (!compiled.ok)
    push("base.json-schema.schemas-valid", `${what} is not a valid JSON Schema: ${compiled.error}`);
}

const toolsList: Check = (result, _request, state, push) => {
  if (!Array.isArray(result.tools))
    return push("tools.list.result", "tools/list result without a tools array");
  const seen = new Set<string>();
  const strict = state.revision >= "2025-11-25";
  for (const tool of result.tools) {
    if (!isObject(tool) || typeof tool.name !== "string") {
      push("tools.list.result", "a tool without a name");
      continue;
    }
    const name = tool.name;
    if (seen.has(name)) push("tools.name.format", `tool name ${JSON.stringify(name)} is listed twice`);
    seen.add(name);
    if (strict && !TOOL_NAME.test(name))
      push("tools.name.format", `tool name ${JSON.stringify(name)} breaks the naming rule`);
    toolDefinitionRules(tool, state.revision, push);
    schemaProblem(tool.inputSchema, `the inputSchema of ${name}`, push, strict);
    if (tool.outputSchema !== undefined)
      schemaProblem(tool.outputSchema, `the outputSchema of ${name}`, push, strict);
    state.shared.tools.remember(name, tool.outputSchema);
  }
};

/** An embedded resource in a tool result: base64 blob; at 2026-07-28, a server that offers resources. */
function embeddedRules(block: Json, state: RunState, push: (r: string, d: string) => void): void {
  if (!isObject(block) || block.type !== "resource") return;
  const blob = blobProblem(block.resource ?? null);
  if (blob !== undefined) push("resources.security.binary-encoding", blob);
  const capabilities = state.serverCapabilities();
  if (state.revision >= "2026-07-28" && capabilities !== undefined && !isObject(capabilities.resources))
    push(
      "tools.embedded-resources.capability",
      "a tool result embeds a resource, but the server does not declare resources",
    );
}

const toolsCall: Check = (result, request, state, push) => {
  if (interim(result, request)) return;
  if (!Array.isArray(result.content))
    return push("tools.call.result", "tools/call result without a content array");
  for (const block of result.content) {
    const problem = contentProblem(block, state.revision);
    if (problem !== undefined) push("tools.call.result", problem);
    embeddedRules(block, state, push);
  }
  const name = request.params.name;
  const schema = typeof name === "string" ? state.shared.tools.outputSchema(name) : undefined;
  if (schema === undefined || result.isError === true || state.revision < "2025-06-18") return;
  if (isObject(result.structuredContent) && Array.isArray(result.content)) {
    const structured = result.structuredContent;
    const mirrored = result.content.some((b) => {
      if (!isObject(b) || b.type !== "text" || typeof b.text !== "string") return false;
      try {
        return deepEqual(JSON.parse(b.text) as Json, structured);
      } catch {
        return false;
      }
    });
    if (!mirrored)
      push(
        "tools.output.text-mirror",
        `${String(name)} returns structuredContent without its JSON as a text block`,
      );
  }
  if (!isObject(result.structuredContent)) {
    push(
      "tools.output.conform",
      `${String(name)} has an outputSchema but its result has no structuredContent`,
    );
    return;
  }
  const compiled = compileSchema(schema);
  if (compiled.ok && !compiled.validate(result.structuredContent))
    push(
      "tools.output.conform",
      `the structuredContent of ${String(name)} breaks its outputSchema: ${firstError(compiled.validate)}`,
    );
};

const promptsList: Check = (result, _request, _state, push) => {
  if (!Array.isArray(result.prompts))
    return push("prompts.list.result", "prompts/list result without a prompts array");
  if (result.prompts.some((p) => !isObject(p) || typeof p.name !== "string"))
    push("prompts.list.result", "a prompt without a name");
};

const promptsGet: Check = (result, request, state, push) => {
  if (interim(result, request)) return;
  if (!Array.isArray(result.messages))
    return push("prompts.get.result", "prompts/get result without a messages array");
  for (const message of result.messages) {
    if (!isObject(message) || (message.role !== "user" && message.role !== "assistant"))
      push(
        "prompts.get.result",
        `a prompt message whose role is ${JSON.stringify(isObject(message) ? (message.role ?? null) : message)}`,
      );
    else {
      const problem = contentProblem(message.content ?? null, state.revision);
      if (problem !== undefined) push("prompts.get.result", problem);
      const blob = isObject(message.content) ? blobProblem(message.content.resource ?? null) : undefined;
      if (blob !== undefined) push("resources.security.binary-encoding", blob);
    }
  }
};

const resourcesList: Check = (result, _request, _state, push) => {
  if (!Array.isArray(result.resources))
    return push("resources.list.result", "resources/list result without a resources array");
  for (const r of result.resources)
    if (isObject(r) && typeof r.uri === "string" && !URI_SCHEME.test(r.uri))
      push("resources.uri.valid", `resource uri ${JSON.stringify(r.uri)} has no scheme`);
  if (result.resources.some((r) => !isObject(r) || typeof r.uri !== "string" || typeof r.name !== "string"))
    push("resources.list.result", "a listed resource without uri and name");
};

const templatesList: Check = (result, _request, _state, push) => {
  if (!Array.isArray(result.resourceTemplates))
    return push("resources.templates.result", "resources/templates/list result without resourceTemplates");
  if (
    result.resourceTemplates.some(
      (r) => !isObject(r) || typeof r.uriTemplate !== "string" || typeof r.name !== "string",
    )
  )
    push("resources.templates.result", "a resource template without uriTemplate and name");
};

const resourcesRead: Check = (result, request, _state, push) => {
  if (interim(result, request)) return;
  if (!Array.isArray(result.contents))
    return push("resources.read.result", "resources/read result without a contents array");
  for (const item of result.contents) {
    if (!isObject(item) || typeof item.uri !== "string")
      push("resources.read.result", "a contents item without a uri");
    else if (typeof item.text !== "string" && typeof item.blob !== "string")
      push("resources.read.result", "a contents item with neither text nor blob");
    const blob = blobProblem(item);
    if (blob !== undefined) push("resources.security.binary-encoding", blob);
  }
};

const complete: Check = (result, _request, _state, push) => {
  const completion = result.completion;
  if (
    !isObject(completion) ||
    !Array.isArray(completion.values) ||
    completion.values.some((v) => typeof v !== "string")
  )
    return push("completion.result-shape", "completion/complete result without completion.values strings");
  if (completion.values.length > 100)
    push("completion.max-values", `a completion result with ${completion.values.length} values`);
};

/** A method whose answer is an empty result (only `_meta`, and `resultType` at 2026-07-28). */
function emptyResult(requirement: string): Check {
  return (result, request, _state, push) => {
    if (Object.keys(result).some((key) => key !== "_meta" && key !== "resultType"))
      push(requirement, `a ${request.method} answered with a non-empty result`);
  };
}

const CHECKS: Record<string, Check> = {
  "tools/list": toolsList,
  "tools/call": toolsCall,
  "prompts/list": promptsList,
  "prompts/get": promptsGet,
  "resources/list": resourcesList,
  "resources/templates/list": templatesList,
  "resources/read": resourcesRead,
  "completion/complete": complete,
  ping: emptyResult("ping.respond"),
  "logging/setLevel": (result, request, state, push) => {
    emptyResult("logging.set-level-empty-result")(result, request, state, push);
    if (typeof request.params.level === "string") state.logLevel = request.params.level;
  },
  "resources/subscribe": emptyResult("resources.subscribe.empty-result"),
  "resources/unsubscribe": emptyResult("resources.subscribe.empty-result"),
};

/** Pagination: a nextCursor equal to the cursor that asked for the page does not progress. */
function cursorRule(result: JsonObject, request: SentRequest, push: (r: string, d: string) => void): void {
  const cursor = request.params.cursor;
  if (typeof cursor === "string" && result.nextCursor === cursor)
    push(
      "pagination.stable-cursors",
      `${request.method} answered cursor ${JSON.stringify(cursor)} with the same nextCursor`,
    );
}

/** 2026-07-28: resultType on every result; cache hints on lists, reads and discover. */
function modernRules(result: JsonObject, request: SentRequest, push: (r: string, d: string) => void): void {
  if (typeof result.resultType !== "string")
    push("base.result.result-type", `a ${request.method} result without resultType`);
  const meta = isObject(result._meta) ? result._meta : {};
  if (!isObject(meta["io.modelcontextprotocol/serverInfo"]))
    push(
      "lifecycle.meta.server-info",
      `a ${request.method} result without _meta io.modelcontextprotocol/serverInfo`,
    );
  if (!CACHED.has(request.method) || interim(result, request)) return;
  const ttl = result.ttlMs;
  if (
    typeof ttl !== "number" ||
    !Number.isInteger(ttl) ||
    ttl < 0 ||
    (result.cacheScope !== "public" && result.cacheScope !== "private")
  )
    push("caching.fields-present", `a ${request.method} result without ttlMs and cacheScope`);
}

/** The rules of a result, by the method of the request it answers. */
export function resultRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  const result = message.result;
  if (!isObject(result)) return [];
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  if (request.method === "initialize" && isObject(result.capabilities)) {
    state.capabilities = result.capabilities;
    state.shared.capabilities = result.capabilities;
  }
  if (request.method === "server/discover" && isObject(result.capabilities)) {
    state.capabilities = result.capabilities;
    state.shared.capabilities = result.capabilities;
  }
  CHECKS[request.method]?.(result, request, state, push);
  featureRules(result, request, state, push);
  if (request.method in LISTS) cursorRule(result, request, push);
  if (state.revision >= "2026-07-28") modernRules(result, request, push);
  return out;
}
