/**
 * The assertions for "mcpkit's client against a server that implements the fixture contract",
 * defined once and run for every official server, transport and revision.
 */
import { Client, LocalError, McpError, type TransportSource } from "@mcpkit/client";
import type { Revision } from "@mcpkit/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as C from "../../fixtures/contract.js";
import { eventually, sleep } from "./paths.js";

/** Revisions at or after `since`. */
export function atLeast(revision: string, since: string): boolean {
  return revision >= since;
}

export interface OurClientSuiteOptions {
  /** e.g. "official 2.x server over stdio". */
  readonly label: string;
  readonly revisions: readonly Revision[];
  /** A fresh transport (or factory) for one client. */
  readonly transport: (revision: Revision) => TransportSource;
  /** Whether the server pushes `notifications/resources/updated` (false for one-shot stateless HTTP). */
  readonly serverPush?: boolean;
  /** Whether server-to-client requests (sampling, elicitation, roots) can reach the client. */
  readonly serverRequests?: boolean;
  /** Whether the server remembers `logging/setLevel` between requests (false for one server per request). */
  readonly sessionState?: boolean;
}

export interface Received {
  readonly logs: { level: string; data: unknown; logger?: string }[];
  readonly updated: string[];
}

/** A client with every client-side capability answered by fixed, checkable handlers. */
export function fixtureClient(
  revision: Revision | undefined,
  mode?: "auto" | "session" | "stateless",
): Client {
  return new Client({
    clientInfo: { name: "mcpkit-interop", version: "0.0.0" },
    ...(revision ? { revision } : {}),
    ...(mode ? { mode } : {}),
    timeoutMs: 10_000,
    probeTimeoutMs: 2_000,
    sampling: (params) => {
      const first = params.messages[0]?.content;
      const asked = first && !Array.isArray(first) && first.type === "text" ? first.text : "";
      return {
        role: "assistant",
        model: "fixture-model",
        content: { type: "text", text: `answer to ${asked}` },
      };
    },
    elicitation: { form: () => ({ action: "accept", content: { name: "Ada" } }) },
    roots: [
      { uri: "file:///work/one", name: "one" },
      { uri: "file:///work/two", name: "two" },
    ],
  });
}

export function defineOurClientSuite(options: OurClientSuiteOptions): void {
  const { serverPush = true, serverRequests = true, sessionState = true } = options;
  describe.each(options.revisions)(`mcpkit client → ${options.label} @ %s`, (revision) => {
    let client: Client;
    const received: Received = { logs: [], updated: [] };

    beforeAll(async () => {
      client = fixtureClient(revision);
      client.on("log", (message) => received.logs.push(message));
      client.on("resourceUpdated", ({ uri }) => received.updated.push(uri));
      await client.connect(options.transport(revision));
    });
    afterAll(async () => {
      await client?.close();
    });

    it("negotiates the revision", () => {
      expect(client.revision).toBe(revision);
      expect(client.era).toBe(revision === "2026-07-28" ? "stateless" : "session");
      expect(client.serverInfo?.name).toMatch(/^official-v[12]-fixture$/);
    });

    it("lists the contract's tools", async () => {
      const names = (await client.listTools()).map((tool) => tool.name);
      expect(names).toEqual([...C.TOOLS]);
    });

    it("gets text content", async () => {
      const result = await client.callTool({ name: "text" });
      expect(result.content).toEqual([{ type: "text", text: "hello" }]);
      expect(result.isError).toBeFalsy();
    });

    it("gets image content", async () => {
      const result = await client.callTool({ name: "image" });
      expect(result.content).toEqual([{ type: "image", data: C.PNG_BASE64, mimeType: "image/png" }]);
    });

    if (atLeast(revision, "2025-03-26")) {
      it("gets audio content", async () => {
        const result = await client.callTool({ name: "audio" });
        expect(result.content).toEqual([{ type: "audio", data: C.WAV_BASE64, mimeType: "audio/wav" }]);
      });
    }

    if (atLeast(revision, "2025-06-18")) {
      it("gets a resource link", async () => {
        const result = await client.callTool({ name: "resource-link" });
        expect(result.content).toEqual([
          { type: "resource_link", uri: C.LINK_URI, name: "linked", mimeType: "text/plain" },
        ]);
      });

      it("gets structured content checked against the outputSchema", async () => {
        const result = await client.callTool({ name: "structured", arguments: { a: 2, b: 3 } });
        expect(result.structuredContent).toEqual({ sum: 5 });
        expect(result.content).toEqual([{ type: "text", text: "5" }]);
      });
    }

    it("gets an embedded resource", async () => {
      const result = await client.callTool({ name: "embedded" });
      expect(result.content).toEqual([
        {
          type: "resource",
          resource: { uri: C.EMBEDDED_URI, mimeType: "text/plain", text: C.EMBEDDED_TEXT },
        },
      ]);
    });

    it("gets a tool error as an isError result", async () => {
      const result = await client.callTool({ name: "fail" });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: C.TOOL_ERROR_TEXT }]);
    });

    it("gets an unknown tool as a protocol error or an isError result", async () => {
      const outcome = await client.callTool({ name: "no-such-tool" }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ("error" in outcome) {
        expect(outcome.error).toBeInstanceOf(McpError);
        expect((outcome.error as McpError).code).toBe(-32602);
      } else {
        expect(outcome.result.isError).toBe(true);
        expect(JSON.stringify(outcome.result.content)).toContain("no-such-tool");
      }
    });

    it("gets invalid arguments as a tool error naming the field", async () => {
      // Both official servers answer every revision this way (docs/interop.md, "invalid arguments").
      const result = await client.callTool({ name: "structured", arguments: { a: "x", b: 1 } });
      expect(result.isError).toBe(true);
      const text = (result.content[0] as { text: string }).text;
      expect(text).toContain("Invalid arguments for tool structured");
      expect(text).toContain("expected number, received string");
    });

    it("receives progress for its request", async () => {
      const reports: unknown[] = [];
      const result = await client.callTool({ name: "progress" }, { onProgress: (p) => reports.push(p) });
      expect(result.content).toEqual([{ type: "text", text: "done" }]);
      const expected = C.PROGRESS_STEPS.map(({ progress, total, message }) =>
        atLeast(revision, "2025-03-26") ? { progress, total, message } : { progress, total },
      );
      expect(reports.map((r) => ({ ...(r as object) }))).toEqual(
        expected.map((e) => expect.objectContaining(e)),
      );
    });

    it(
      sessionState ? "cancels a request, and the server sees the abort" : "cancels a request locally",
      async () => {
        const controller = new AbortController();
        const call = client.callTool({ name: "slow" }, { signal: controller.signal });
        await sleep(150);
        controller.abort();
        const error = await call.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LocalError);
        expect((error as LocalError).code).toBe("cancelled");
        // With one server per request, notifications/cancelled reaches a fresh server that never saw the call.
        if (!sessionState) return;
        const seen = await eventually(async () => {
          const result = await client.callTool({ name: "cancelled" });
          const text = (result.content[0] as { text: string }).text;
          return text === "yes" ? text : undefined;
        });
        expect(seen).toBe("yes");
      },
    );

    if (sessionState) {
      it("sets the log level and gets only messages at or above it", async () => {
        await client.setLoggingLevel("warning");
        received.logs.length = 0;
        await client.callTool({ name: "log" });
        await eventually(async () => (received.logs.length >= 2 ? true : undefined));
        await sleep(50);
        expect(received.logs).toEqual([
          { level: "warning", data: "warning message", logger: "fixture" },
          { level: "error", data: "error message", logger: "fixture" },
        ]);
      });
    }

    it("reads text and blob resources and lists them", async () => {
      const resources = await client.listResources();
      expect(resources.map((r) => r.uri).sort()).toEqual([C.BLOB_URI, C.STATIC_URI]);
      expect((await client.readResource(C.STATIC_URI)).contents).toEqual([
        { uri: C.STATIC_URI, mimeType: "text/plain", text: C.STATIC_TEXT },
      ]);
      expect((await client.readResource(C.BLOB_URI)).contents).toEqual([
        { uri: C.BLOB_URI, mimeType: "application/octet-stream", blob: C.BLOB_BASE64 },
      ]);
    });

    it("lists templates and reads through one", async () => {
      const templates = await client.listResourceTemplates();
      expect(templates.map((t) => t.uriTemplate)).toEqual([C.TEMPLATE]);
      expect((await client.readResource("test://items/beta")).contents).toEqual([
        { uri: "test://items/beta", mimeType: "text/plain", text: C.itemText("beta") },
      ]);
    });

    it("gets an unknown resource as a protocol error", async () => {
      const error = await client.readResource("test://nowhere").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect([-32002, -32602]).toContain((error as McpError).code);
    });

    if (serverPush && revision === "2026-07-28") {
      it("listens (subscriptions/listen) and receives resources/updated", async () => {
        const subscription = client.listen({ resourceSubscriptions: [C.STATIC_URI] });
        await subscription.acknowledged;
        const result = await client.callTool({ name: "touch", arguments: { uri: C.STATIC_URI } });
        expect(result.content).toEqual([{ type: "text", text: "notified" }]);
        await eventually(async () => (received.updated.includes(C.STATIC_URI) ? true : undefined));
        subscription.close();
      });
    } else if (serverPush) {
      it("subscribes and receives resources/updated", async () => {
        await client.subscribeResource(C.STATIC_URI);
        const result = await client.callTool({ name: "touch", arguments: { uri: C.STATIC_URI } });
        expect(result.content).toEqual([{ type: "text", text: "notified" }]);
        await eventually(async () => (received.updated.includes(C.STATIC_URI) ? true : undefined));
        await client.unsubscribeResource(C.STATIC_URI);
        const after = await client.callTool({ name: "touch", arguments: { uri: C.STATIC_URI } });
        expect(after.content).toEqual([{ type: "text", text: "not subscribed" }]);
      });
    }

    it("lists and gets prompts", async () => {
      const prompts = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(["greet"]);
      expect(prompts[0]?.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([
        ["name", true],
        ["style", false],
      ]);
      const result = await client.getPrompt({ name: "greet", arguments: { name: "Ada", style: "formal" } });
      expect(result.messages).toEqual([
        { role: "user", content: { type: "text", text: C.greeting("Ada", "formal") } },
      ]);
    });

    it("completes a prompt argument and a template variable", async () => {
      const prompt = await client.complete({
        ref: { type: "ref/prompt", name: "greet" },
        argument: { name: "style", value: "f" },
      });
      expect(prompt.completion.values).toEqual([...C.STYLES]);
      const template = await client.complete({
        ref: { type: "ref/resource", uri: C.TEMPLATE },
        argument: { name: "id", value: "g" },
      });
      expect(template.completion.values).toEqual(["gamma"]);
    });

    if (serverRequests) {
      it("answers sampling/createMessage", async () => {
        const result = await client.callTool({ name: "sample" });
        expect(result.content).toEqual([
          { type: "text", text: C.sampleAnswer("fixture-model", `answer to ${C.SAMPLE_PROMPT}`) },
        ]);
      });

      it("answers roots/list", async () => {
        const result = await client.callTool({ name: "roots" });
        expect(result.content).toEqual([{ type: "text", text: "file:///work/one,file:///work/two" }]);
      });

      if (atLeast(revision, "2025-06-18")) {
        it("answers elicitation/create", async () => {
          const result = await client.callTool({ name: "elicit" });
          expect(result.content).toEqual([
            { type: "text", text: JSON.stringify({ action: "accept", content: { name: "Ada" } }) },
          ]);
        });
      }
    }
  });
}
