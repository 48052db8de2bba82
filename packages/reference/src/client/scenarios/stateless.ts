import type { Client } from "@mcpkit/client";
import { sampleValue } from "../answers.js";
import { callAndLog, type Scenario, ScenarioError, withClient } from "../scenario.js";
import { FULL_CAPABILITIES } from "./core.js";

type Tool = Awaited<ReturnType<Client["listTools"]>>[number];

/** Arguments for a tool: a sample value for each required parameter. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const schema = tool.inputSchema as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) args[name] = sampleValue(schema.properties?.[name] ?? {});
  return args;
}

/** request-metadata: ordinary requests, each carrying the per-request envelope and headers. */
export const requestMetadata: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    run.log(`server capabilities: ${JSON.stringify(client.serverCapabilities ?? {})}`);
    if (!client.serverCapabilities?.tools) return;
    const tools = await client.listTools();
    run.log(`listed ${tools.length} tools`);
    const first = tools[0];
    if (first) await callAndLog(run, client, first.name, argumentsFor(first));
  });

/**
 * sep-2322-client-request-state: call each multi-round tool; the client answers the input
 * requests and retries with a new id, echoing `requestState` exactly (or omitting it).
 */
export const clientRequestState: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const tools = await client.listTools();
    const names = [
      "test_mrtr_echo_state",
      "test_mrtr_no_state",
      "test_mrtr_unrelated",
      "test_mrtr_no_result_type",
    ];
    const present = names.filter((name) => tools.some((t) => t.name === name));
    if (present.length === 0) throw new ScenarioError("the server lists none of the test_mrtr_* tools");
    for (const name of present) await callAndLog(run, client, name);
  });

/** http-standard-headers: exercise tools, resources and prompts, so every header gets sent. */
export const standardHeaders: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const caps = client.serverCapabilities ?? {};
    if (caps.tools) {
      const tools = await client.listTools();
      const tool = tools[0];
      if (tool) await callAndLog(run, client, tool.name, argumentsFor(tool));
    }
    if (caps.resources) {
      const resource = (await client.listResources())[0];
      if (resource) {
        const read = await client.readResource(resource.uri);
        run.log(`read ${resource.uri}: ${read.contents.length} content(s)`);
      }
    }
    if (caps.prompts) {
      const prompt = (await client.listPrompts())[0];
      if (prompt) {
        const args: Record<string, string> = {};
        for (const a of prompt.arguments ?? []) if (a.required) args[a.name] = "conformance";
        const got = await client.getPrompt({ name: prompt.name, arguments: args });
        run.log(`prompt ${prompt.name}: ${got.messages.length} message(s)`);
      }
    }
  });

interface PlannedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The tool calls the harness's context lists (any array of `{name|toolName, arguments|args}`). */
export function callsFromContext(context: Readonly<Record<string, unknown>>): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const value of Object.values(context)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      if (!isObject(item)) continue;
      const name = item.name ?? item.toolName ?? item.tool;
      const args = item.arguments ?? item.args ?? item.params ?? {};
      if (typeof name === "string" && isObject(args)) calls.push({ name, arguments: args });
    }
  }
  return calls;
}

/** http-custom-headers: make the calls the context lists; the transport mirrors annotated arguments. */
export const customHeaders: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const tools = await client.listTools();
    let calls = callsFromContext(run.context);
    if (calls.length === 0) {
      // No plan in the context: call the custom-header tools with sample (or null) arguments.
      calls = tools
        .filter((t) => t.name.startsWith("test_custom_headers"))
        .map((t) => {
          const args = argumentsFor(t);
          if (t.name.endsWith("_null")) for (const key of Object.keys(args)) args[key] = null;
          return { name: t.name, arguments: args };
        });
    }
    if (calls.length === 0)
      throw new ScenarioError("neither the context nor tools/list names a call to make");
    for (const call of calls) await callAndLog(run, client, call.name, call.arguments);
  });

/** http-invalid-tool-headers: the client drops tools with bad x-mcp-header annotations, still calls valid_tool. */
export const invalidToolHeaders: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const tools = await client.listTools();
    run.log(`kept ${tools.length} tools: ${tools.map((t) => t.name).join(", ")}`);
    const valid = tools.find((t) => t.name === "valid_tool");
    if (!valid) throw new ScenarioError("valid_tool is not among the tools the client kept");
    await callAndLog(run, client, "valid_tool", argumentsFor(valid));
  });

/** json-schema-ref-no-deref: list the tools and never fetch a network `$ref`. */
export const refNoDeref: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const tools = await client.listTools();
    run.log(`listed ${tools.length} tools`);
  });

/** json-schema-2020-12-preservation: send back the 2020-12 schema exactly as received. */
export const schemaPreservation: Scenario = (run) =>
  withClient(run, FULL_CAPABILITIES, async (client) => {
    const tools = await client.listTools();
    const tool = tools.find((t) => t.name === "json_schema_2020_12_tool");
    if (!tool) throw new ScenarioError("the server lists no json_schema_2020_12_tool");
    await callAndLog(run, client, "json_schema_echo", { schema: tool.inputSchema });
  });
