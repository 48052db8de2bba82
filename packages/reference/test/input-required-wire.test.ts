import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./helpers/processes.js";
import { post2026 } from "./helpers/stateless-wire.js";

// The 2026-07-28 fixtures on the wire, as the official harness drives them (exact keys and texts).
let server: RunningServer;
beforeAll(async () => {
  server = await startServer(["--transport", "http"]);
});
afterAll(async () => {
  await server?.stop();
});

const accept = (content: Record<string, unknown>) => ({ action: "accept", content });
const call = (name: string, extra: Record<string, unknown> = {}, caps?: Record<string, unknown>) =>
  post2026(server.url, "tools/call", { name, arguments: {}, ...extra }, caps ? { capabilities: caps } : {});

describe("input-required fixtures on the 2026-07-28 wire", () => {
  it("basic elicitation: asks user_name, then greets with the answer", async () => {
    const first = await call("test_input_required_result_elicitation");
    expect(first.status).toBe(200);
    expect(first.response?.result).toMatchObject({
      resultType: "input_required",
      inputRequests: {
        user_name: {
          method: "elicitation/create",
          params: {
            message: "What is your name?",
            requestedSchema: { properties: { name: { type: "string" } }, required: ["name"] },
          },
        },
      },
    });
    const retry = await call("test_input_required_result_elicitation", {
      inputResponses: { user_name: accept({ name: "Alice" }) },
    });
    expect(retry.response?.result).toMatchObject({
      resultType: "complete",
      content: [{ type: "text", text: "Hello, Alice!" }],
    });
  });

  it("asks again for a missing or malformed answer, ignores extra keys", async () => {
    const wrong = await call("test_input_required_result_elicitation", {
      inputResponses: { wrong_key: accept({ name: "X" }) },
    });
    expect(wrong.response?.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { user_name: {} },
    });
    const junk = await call("test_input_required_result_elicitation", {
      inputResponses: { user_name: 12345 },
    });
    // Either the envelope check refuses it or the round is asked again: never a complete result.
    expect(junk.response?.result?.resultType ?? "error").not.toBe("complete");
    const extra = await call("test_input_required_result_elicitation", {
      inputResponses: { user_name: accept({ name: "Bob" }), unexpected: accept({}) },
    });
    expect(extra.response?.result).toMatchObject({ content: [{ type: "text", text: "Hello, Bob!" }] });
  });

  it("multi-round: a new requestState each round, the round lives only in the state", async () => {
    const r1 = await call("test_input_required_result_multi_round");
    const s1 = r1.response?.result?.requestState;
    expect(r1.response?.result).toMatchObject({ resultType: "input_required", inputRequests: { step1: {} } });
    expect(typeof s1).toBe("string");
    const r2 = await call("test_input_required_result_multi_round", {
      inputResponses: { step1: accept({ name: "Alice" }) },
      requestState: s1,
    });
    const s2 = r2.response?.result?.requestState;
    expect(r2.response?.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { step2: { params: { message: "Step 2: What is your favorite color?" } } },
    });
    expect(s2).not.toBe(s1);
    const r3 = await call("test_input_required_result_multi_round", {
      inputResponses: { step2: accept({ color: "green" }) },
      requestState: s2,
    });
    expect(r3.response?.result).toMatchObject({
      resultType: "complete",
      content: [{ type: "text", text: "Hello, Alice! Your favorite color is green." }],
    });
  });

  it("refuses a tampered requestState with -32602", async () => {
    const r1 = await call("test_input_required_result_tampered_state");
    const state = r1.response?.result?.requestState as string;
    expect(r1.response?.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { confirm: {} },
    });
    const tampered = await call("test_input_required_result_tampered_state", {
      inputResponses: { confirm: accept({ ok: true }) },
      requestState: `${state}-TAMPERED`,
    });
    expect(tampered.response?.error?.code).toBe(-32602);
  });

  it("asks three things at once, and only what the request's capabilities allow", async () => {
    const many = await call("test_input_required_result_multiple_inputs");
    expect(Object.keys(many.response?.result?.inputRequests as object).sort()).toEqual([
      "client_roots",
      "greeting",
      "user_name",
    ]);
    expect(many.response?.result).toMatchObject({
      inputRequests: {
        greeting: { method: "sampling/createMessage", params: { maxTokens: 50 } },
        client_roots: { method: "roots/list" },
      },
    });
    const capped = await call("test_input_required_result_capabilities", {}, { sampling: {} });
    expect(capped.response?.result).toMatchObject({ resultType: "input_required" });
    expect(Object.keys(capped.response?.result?.inputRequests as object)).toEqual(["greeting"]);
  });

  it("a prompt can require input too", async () => {
    const first = await post2026(server.url, "prompts/get", { name: "test_input_required_result_prompt" });
    expect(first.response?.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { user_context: {} },
    });
    const done = await post2026(server.url, "prompts/get", {
      name: "test_input_required_result_prompt",
      inputResponses: { user_context: accept({ context: "billing" }) },
    });
    expect(done.response?.result).toMatchObject({
      resultType: "complete",
      messages: [{ role: "user", content: { type: "text", text: "Use this context: billing" } }],
    });
  });

  it("test_missing_capability without sampling: HTTP 400, -32021, requiredCapabilities keyed by name", async () => {
    const refused = await call("test_missing_capability", {}, {});
    expect(refused.status).toBe(400);
    expect(refused.response?.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { sampling: {} } },
    });
  });

  it("test_logging_tool sends no log without a _meta level", async () => {
    const quiet = await call("test_logging_tool");
    expect(quiet.response?.result).toMatchObject({
      content: [{ type: "text", text: "Logged one message at info" }],
    });
    expect(quiet.messages.filter((m) => m.method === "notifications/message")).toEqual([]);
  });

  it("a resource nobody serves is -32602 with the uri", async () => {
    const uri = "test://nonexistent-resource-for-conformance-testing";
    const missing = await post2026(server.url, "resources/read", { uri });
    expect(missing.response?.error).toMatchObject({ code: -32602, data: { uri } });
  });
});
