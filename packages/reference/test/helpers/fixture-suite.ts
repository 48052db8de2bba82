import type { Client, ClientOptions, TransportSource } from "@mcpkit/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OFFICIAL_PROMPTS,
  OFFICIAL_RESOURCES,
  OFFICIAL_TEMPLATES,
  OFFICIAL_TOOLS,
  RED_PIXEL_PNG,
} from "./official.js";
import { connectRecording, type Recorded } from "./recording-client.js";

type Revision = NonNullable<ClientOptions["revision"]>;

function texts(result: { content: readonly { type: string }[] }): string[] {
  return result.content.map((block) => ("text" in block ? String(block.text) : `<${block.type}>`));
}

async function waitFor(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Every official fixture, listed and exercised with exact expectations, over one connection of
 * one revision. `source` makes the transport (called once, in beforeAll).
 */
export function fixtureSuite(
  label: string,
  revision: Revision,
  source: () => Promise<TransportSource>,
): void {
  describe(`${label} at ${revision}`, () => {
    let client: Client;
    let recorded: Recorded;
    const stateless = revision === "2026-07-28";

    beforeAll(async () => {
      ({ client, recorded } = await connectRecording(revision, await source()));
    });
    afterAll(async () => {
      await client?.close();
    });

    it("negotiates the revision and lists every official fixture with a description", async () => {
      expect(client.revision).toBe(revision);
      expect(client.era).toBe(stateless ? "stateless" : "session");
      const tools = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of OFFICIAL_TOOLS) expect(names).toContain(name);
      for (const tool of tools) {
        expect(tool.description, tool.name).toMatch(/\S/);
        expect(tool.inputSchema.type, tool.name).toBe("object");
        expect(tool.name).toMatch(/^[A-Za-z0-9_./-]{1,64}$/);
      }
      // Deterministic order (2026-07-28 tools-list check).
      expect((await client.listTools()).map((t) => t.name)).toEqual(names);
      const schema = tools.find((t) => t.name === "json_schema_2020_12_tool")?.inputSchema as Record<
        string,
        unknown
      >;
      // Draft-07 revisions (2025-06-18 and before) are served the schema in draft-07 terms.
      const draft07 = revision <= "2025-06-18";
      expect(schema.$schema).toBe(draft07 ? undefined : "https://json-schema.org/draft/2020-12/schema");
      expect(schema.additionalProperties).toBe(false);
      expect(draft07 ? schema.definitions : schema.$defs).toEqual({
        address: {
          $anchor: "addressDef",
          type: "object",
          properties: { street: { type: "string" }, city: { type: "string" } },
        },
      });
      expect(schema.allOf).toEqual([{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }]);
      expect(schema.if).toEqual({
        properties: { contactMethod: { const: "phone" } },
        required: ["contactMethod"],
      });
      expect(schema.then).toEqual({ required: ["phone"] });
      expect(schema.else).toEqual({ required: ["email"] });
      expect((schema.properties as Record<string, unknown>).address).toEqual({
        $ref: draft07 ? "#/definitions/address" : "#/$defs/address",
      });
      const resources = (await client.listResources()).map((r) => r.uri);
      for (const uri of OFFICIAL_RESOURCES) expect(resources).toContain(uri);
      const templates = (await client.listResourceTemplates()).map((t) => t.uriTemplate);
      expect(templates).toEqual(OFFICIAL_TEMPLATES);
      const prompts = await client.listPrompts();
      for (const name of OFFICIAL_PROMPTS) expect(prompts.map((p) => p.name)).toContain(name);
      for (const prompt of prompts) expect(prompt.description, prompt.name).toMatch(/\S/);
    });

    it("answers the content tools with their exact content", async () => {
      const simple = await client.callTool({ name: "test_simple_text" });
      expect(simple.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      const image = await client.callTool({ name: "test_image_content", arguments: {} });
      expect(image.content).toEqual([{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }]);
      const audio = await client.callTool({ name: "test_audio_content", arguments: {} });
      expect(audio.content[0]).toMatchObject({ type: "audio", mimeType: "audio/wav" });
      const wav = Buffer.from((audio.content[0] as { data: string }).data, "base64");
      expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE");
      const embedded = await client.callTool({ name: "test_embedded_resource", arguments: {} });
      expect(embedded.content).toEqual([
        {
          type: "resource",
          resource: {
            uri: "test://embedded-resource",
            mimeType: "text/plain",
            text: "This is an embedded resource content.",
          },
        },
      ]);
      const mixed = await client.callTool({ name: "test_multiple_content_types", arguments: {} });
      expect(mixed.content).toEqual([
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
        {
          type: "resource",
          resource: {
            uri: "test://mixed-content-resource",
            mimeType: "application/json",
            text: '{"test":"data","value":123}',
          },
        },
      ]);
      const error = await client.callTool({ name: "test_error_handling", arguments: {} });
      expect(error.isError).toBe(true);
      expect(texts(error)).toEqual(["This tool intentionally returns an error for testing"]);
    });

    it("sends three info log messages and three progress reports while the tools run", async () => {
      const logs: unknown[] = [];
      const stop = client.on("log", (message) => logs.push(message));
      await client.setLoggingLevel("debug");
      const result = await client.callTool({ name: "test_tool_with_logging", arguments: {} });
      expect(texts(result)).toEqual(["Tool with logging executed successfully"]);
      await waitFor(() => logs.length >= 3, "three log messages");
      expect(logs).toEqual([
        { level: "info", data: "Tool execution started" },
        { level: "info", data: "Tool processing data" },
        { level: "info", data: "Tool execution completed" },
      ]);
      stop();
      const progress: { progress: number; total?: number }[] = [];
      const done = await client.callTool(
        { name: "test_tool_with_progress", arguments: {} },
        { onProgress: (p) => progress.push(p) },
      );
      expect(texts(done)).toEqual(["Tool with progress executed successfully"]);
      expect(progress.map((p) => [p.progress, p.total])).toEqual([
        [0, 100],
        [50, 100],
        [100, 100],
      ]);
    });

    it("asks the client's model and the user (sampling, elicitation, SEP-1034 defaults, SEP-1330 enums)", async () => {
      const sampled = await client.callTool({
        name: "test_sampling",
        arguments: { prompt: "Capital of France?" },
      });
      expect(texts(sampled)).toEqual(["LLM response: Paris"]);
      expect(recorded.samplings.at(-1)).toMatchObject({
        messages: [{ role: "user", content: { type: "text", text: "Capital of France?" } }],
        maxTokens: 100,
      });
      const elicited = await client.callTool({
        name: "test_elicitation",
        arguments: { message: "Who are you?" },
      });
      expect(texts(elicited)).toEqual([
        'User response: action=accept, content={"username":"alice","email":"alice@example.com"}',
      ]);
      expect(recorded.elicitations.at(-1)).toMatchObject({
        message: "Who are you?",
        requestedSchema: { type: "object", required: ["username", "email"] },
      });
      const defaults = await client.callTool({ name: "test_elicitation_sep1034_defaults", arguments: {} });
      expect(texts(defaults)).toEqual([
        'Elicitation completed: action=accept, content={"name":"Alice","age":30,"score":95.5,"status":"active","verified":true}',
      ]);
      const defaultsSchema = recorded.elicitations.at(-1)?.requestedSchema as {
        properties: Record<string, unknown>;
      };
      expect(defaultsSchema.properties).toMatchObject({
        name: { type: "string", default: "John Doe" },
        age: { type: "integer", default: 30 },
        score: { type: "number", default: 95.5 },
        status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
        verified: { type: "boolean", default: true },
      });
      const enums = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
      expect(texts(enums)[0]).toMatch(/^Elicitation completed: action=accept/);
      const enumsSchema = recorded.elicitations.at(-1)?.requestedSchema as
        | { properties: Record<string, Record<string, unknown>> }
        | undefined;
      const p = enumsSchema?.properties ?? {};
      expect(p.untitledSingle).toMatchObject({ type: "string", enum: ["option1", "option2", "option3"] });
      expect(p.untitledSingle).not.toHaveProperty("oneOf");
      expect(p.legacyEnum?.enumNames).toHaveLength(3);
      if (revision < "2025-11-25") {
        // Older revisions carry primitive fields only: the titled and multi-select forms are left out.
        expect(Object.keys(p)).toEqual(["untitledSingle", "legacyEnum"]);
        return;
      }
      expect(p.titledSingle?.oneOf).toHaveLength(3);
      expect(p.titledSingle).not.toHaveProperty("enum");
      expect(p.untitledMulti).toMatchObject({
        type: "array",
        items: { type: "string", enum: ["option1", "option2", "option3"] },
      });
      expect(p.titledMulti).toMatchObject({ type: "array", items: { anyOf: expect.any(Array) } });
      expect(p.titledMulti?.items).not.toHaveProperty("enum");
    });

    it("plays the keyed input-required flows (requests in the session era, rounds in 2026-07-28)", async () => {
      const hello = await client.callTool({ name: "test_input_required_result_elicitation", arguments: {} });
      expect(texts(hello)).toEqual(["Hello, Alice!"]);
      const multi = await client.callTool({ name: "test_input_required_result_multi_round", arguments: {} });
      expect(texts(multi)).toEqual(["Hello, Alice! Your favorite color is blue."]);
      const state = await client.callTool({
        name: "test_input_required_result_request_state",
        arguments: {},
      });
      expect(texts(state)).toEqual(["Confirmed: ok=true (state-ok)"]);
      const roots = await client.callTool({ name: "test_input_required_result_list_roots", arguments: {} });
      expect(texts(roots)).toEqual(["Client roots: file:///test/root (Test Root)"]);
      const prompt = await client.getPrompt({ name: "test_input_required_result_prompt" });
      expect(prompt.messages).toEqual([
        { role: "user", content: { type: "text", text: "Use this context: testing" } },
      ]);
    });

    it("reads the static, binary, watched and templated resources", async () => {
      expect((await client.readResource("test://static-text")).contents).toEqual([
        {
          uri: "test://static-text",
          mimeType: "text/plain",
          text: "This is the content of the static text resource.",
        },
      ]);
      expect((await client.readResource("test://static-binary")).contents).toEqual([
        { uri: "test://static-binary", mimeType: "image/png", blob: RED_PIXEL_PNG },
      ]);
      const watched = (await client.readResource("test://watched-resource")).contents[0] as { text: string };
      expect(watched.text).toMatch(/^Watched resource content, version \d+$/);
      expect((await client.readResource("test://template/123/data")).contents).toEqual([
        {
          uri: "test://template/123/data",
          mimeType: "application/json",
          text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
        },
      ]);
    });

    it("gets every prompt and completes prompt arguments and template variables", async () => {
      const simple = await client.getPrompt({ name: "test_simple_prompt" });
      expect(simple.messages).toEqual([
        { role: "user", content: { type: "text", text: "This is a simple prompt for testing." } },
      ]);
      const args = await client.getPrompt({
        name: "test_prompt_with_arguments",
        arguments: { arg1: "testValue1", arg2: "testValue2" },
      });
      expect(args.messages).toEqual([
        {
          role: "user",
          content: { type: "text", text: "Prompt with arguments: arg1='testValue1', arg2='testValue2'" },
        },
      ]);
      const embedded = await client.getPrompt({
        name: "test_prompt_with_embedded_resource",
        arguments: { resourceUri: "test://example-resource" },
      });
      expect(embedded.messages).toEqual([
        {
          role: "user",
          content: {
            type: "resource",
            resource: {
              uri: "test://example-resource",
              mimeType: "text/plain",
              text: "Embedded resource content for testing.",
            },
          },
        },
        { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
      ]);
      const image = await client.getPrompt({ name: "test_prompt_with_image" });
      expect(image.messages).toEqual([
        { role: "user", content: { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" } },
        { role: "user", content: { type: "text", text: "Please analyze the image above." } },
      ]);
      const completed = await client.complete({
        ref: { type: "ref/prompt", name: "test_prompt_with_arguments" },
        argument: { name: "arg1", value: "test" },
      });
      expect(completed.completion.values).toEqual(["test", "testValue1", "testValue2"]);
      const ids = await client.complete({
        ref: { type: "ref/resource", uri: "test://template/{id}/data" },
        argument: { name: "id", value: "1" },
      });
      expect(ids.completion.values).toEqual(["1", "123"]);
    });

    it("serves mcpkit's additions: long operation, structured output, schema validation, unknown tool", async () => {
      const quick = await client.callTool({ name: "test_long_operation", arguments: { durationMs: 20 } });
      expect(texts(quick)).toEqual(["Long operation completed"]);
      const cancel = new AbortController();
      const long = client.callTool(
        { name: "test_long_operation", arguments: { durationMs: 5000 } },
        { signal: cancel.signal },
      );
      setTimeout(() => cancel.abort(), 100);
      await expect(long).rejects.toMatchObject({ code: "cancelled" });
      const structured = await client.callTool({ name: "test_structured_output", arguments: {} });
      expect(structured.structuredContent).toEqual({ value: 42, label: "answer" });
      expect(texts(structured)).toEqual(['{"value":42,"label":"answer"}']);
      const valid = await client.callTool({
        name: "json_schema_2020_12_tool",
        arguments: { name: "Ada", address: { street: "1 Main St", city: "Springfield" }, email: "a@b.c" },
      });
      expect(texts(valid)).toEqual([
        'Received: {"name":"Ada","address":{"street":"1 Main St","city":"Springfield"},"email":"a@b.c"}',
      ]);
      // if/then/else is enforced: contactMethod "phone" requires phone.
      const noPhone = client.callTool({
        name: "json_schema_2020_12_tool",
        arguments: { name: "Ada", contactMethod: "phone", email: "a@b.c" },
      });
      if (revision >= "2025-11-25") expect((await noPhone).isError).toBe(true);
      else await expect(noPhone).rejects.toMatchObject({ code: -32602 });
      expect(valid.isError).toBeUndefined();
      const invalid = client.callTool({
        name: "json_schema_2020_12_tool",
        arguments: { name: "Ada", extra: 1 },
      });
      if (revision >= "2025-11-25") {
        const result = await invalid;
        expect(result.isError).toBe(true);
        expect(texts(result)[0]).toMatch(/^Invalid arguments for tool json_schema_2020_12_tool: /);
      } else {
        await expect(invalid).rejects.toMatchObject({ code: -32602 });
      }
      await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
      // On 2025-11-25 HTTP sessions the tool closes its own SSE stream; the answer comes on the resumed one.
      const resumed = await client.callTool({ name: "test_reconnection", arguments: {} });
      expect(texts(resumed)).toEqual(["Reconnection test completed"]);
    });

    it("test_x_mcp_header answers with the region it received", async () => {
      const header = await client.callTool({ name: "test_x_mcp_header", arguments: { region: "eu-west" } });
      expect(texts(header)).toEqual(["region=eu-west"]);
    });

    it("answers every other tool with its exact text", async () => {
      const call = async (name: string, args: Record<string, unknown> = {}) =>
        texts(await client.callTool({ name, arguments: args }));
      expect(await call("test_logging_tool")).toEqual(["Logged one message at info"]);
      expect(await call("test_missing_capability")).toEqual(["Sampled with model test-model"]);
      expect(await call("test_streaming_elicitation")).toEqual([
        'Streaming elicitation completed: action=accept, content={"ok":true}',
      ]);
      expect(await call("test_client_elicitation_defaults")).toEqual([
        'Elicitation completed: action=accept, content={"name":"Alice","age":30,"score":95.5,"status":"active","verified":true}',
      ]);
      expect(await call("add_numbers", { a: 2, b: 3 })).toEqual(["The sum of 2 and 3 is 5."]);
      expect(await call("json_schema_echo", { schema: { type: "object" } })).toEqual(['{"type":"object"}']);
      expect((await call("test_trigger_resource_change"))[0]).toMatch(
        /^test:\/\/dynamic-resource (added|removed)$/,
      );
      expect(await call("test_input_required_result_sampling")).toEqual(["The model says: Paris"]);
      expect(await call("test_input_required_result_multiple_inputs")).toEqual([
        "Name: Alice; greeting: Paris; roots: file:///test/root (Test Root)",
      ]);
      expect(await call("test_input_required_result_tampered_state")).toEqual(["Confirmed: ok=true"]);
      expect(await call("test_input_required_result_capabilities")).toEqual([
        "Answered: client_roots, greeting, user_name",
      ]);
      const completed: string[] = [];
      const stop = client.on("elicitationComplete", ({ elicitationId }) => completed.push(elicitationId));
      const url = await client.callTool({ name: "test_elicitation_url", arguments: {} });
      if (revision === "2025-06-18") {
        // URL elicitation is 2025-11-25 and later: the tool fails without asking.
        expect(url.isError).toBe(true);
        expect(texts(url)).toEqual([
          "URL elicitation needs revision 2025-11-25 or later (this client speaks 2025-06-18)",
        ]);
      } else {
        expect(texts(url)[0]).toMatch(
          /^URL elicitation completed: action=accept, elicitationId=elicitation-[0-9a-f-]{36}$/,
        );
        expect(recorded.elicitations.at(-1)).toMatchObject({
          mode: "url",
          message: "Please open the page to continue",
        });
        // Only 2025-11-25 sessions have notifications/elicitation/complete.
        const id = texts(url)[0]?.split("elicitationId=")[1];
        if (revision === "2025-11-25")
          await waitFor(() => completed.includes(String(id)), "elicitation/complete");
        else expect(completed).toEqual([]);
      }
      stop();
    });

    it("announces list changes and resource updates after the trigger tools", async () => {
      const events: string[] = [];
      const stops = [
        client.on("toolsChanged", () => events.push("tools")),
        client.on("promptsChanged", () => events.push("prompts")),
        client.on("resourceUpdated", ({ uri }) => events.push(`updated ${uri}`)),
      ];
      const listen = stateless
        ? client.listen({
            toolsListChanged: true,
            promptsListChanged: true,
            resourceSubscriptions: ["test://watched-resource"],
          })
        : undefined;
      if (listen) await listen.acknowledged;
      else await client.subscribeResource("test://watched-resource");
      const before = (await client.listTools()).map((t) => t.name);
      await client.callTool({ name: "test_trigger_tool_change", arguments: {} });
      await client.callTool({ name: "test_trigger_prompt_change", arguments: {} });
      await client.callTool({ name: "test_trigger_resource_update", arguments: {} });
      await waitFor(() => events.length >= 3, "three change events");
      expect([...events].sort()).toEqual(["prompts", "tools", "updated test://watched-resource"]);
      const after = (await client.listTools()).map((t) => t.name);
      // The trigger toggles test_dynamic_tool (other suites may share this server).
      expect(after.includes("test_dynamic_tool")).toBe(!before.includes("test_dynamic_tool"));
      for (const stop of stops) stop();
      listen?.close();
      if (!listen) await client.unsubscribeResource("test://watched-resource");
    });
  });
}
