/**
 * The assertions for "an official client against mcpkit's fixture server", defined once and run
 * for both official SDKs, every transport and every revision.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as C from "../../fixtures/contract.js";
import type { OfficialClient } from "./official-clients.js";
import { atLeast } from "./our-client-suite.js";
import { eventually, sleep } from "./paths.js";

/** The methods both official clients share, typed loosely enough for either. */
interface CommonClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  subscribeResource(params: { uri: string }): Promise<unknown>;
  unsubscribeResource(params: { uri: string }): Promise<unknown>;
  listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string; required?: boolean }[] }[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ messages: unknown[] }>;
  complete(params: {
    ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
  setLoggingLevel(level: "warning"): Promise<unknown>;
}

export interface OfficialClientSuiteOptions {
  readonly label: string;
  readonly revisions: readonly string[];
  readonly connect: (revision: string) => Promise<OfficialClient>;
  /** Whether the server can push notifications outside a request (false for one-shot stateless HTTP). */
  readonly serverPush?: boolean;
  readonly serverRequests?: boolean;
}

function textOf(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

export function defineOfficialClientSuite(options: OfficialClientSuiteOptions): void {
  const { serverPush = true, serverRequests = true } = options;
  describe.each(options.revisions)(`${options.label} @ %s`, (revision) => {
    let client: OfficialClient;
    let raw: CommonClient;

    beforeAll(async () => {
      client = await options.connect(revision);
      raw = client.raw as unknown as CommonClient;
    });
    afterAll(async () => {
      await client?.close();
    });

    it("settles on the revision (as the server sees it)", async () => {
      const era = revision === "2026-07-28" ? "stateless" : "session";
      expect(textOf(await client.callTool("revision"))).toBe(`${era} ${revision}`);
    });

    it("lists the contract's tools", async () => {
      const { tools } = await raw.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...C.TOOLS, "revision"].sort());
    });

    it("gets text, image and embedded-resource content", async () => {
      expect((await client.callTool("text")).content).toEqual([{ type: "text", text: "hello" }]);
      expect((await client.callTool("image")).content).toEqual([
        { type: "image", data: C.PNG_BASE64, mimeType: "image/png" },
      ]);
      expect((await client.callTool("embedded")).content).toEqual([
        {
          type: "resource",
          resource: { uri: C.EMBEDDED_URI, mimeType: "text/plain", text: C.EMBEDDED_TEXT },
        },
      ]);
    });

    if (atLeast(revision, "2025-03-26")) {
      it("gets audio content", async () => {
        expect((await client.callTool("audio")).content).toEqual([
          { type: "audio", data: C.WAV_BASE64, mimeType: "audio/wav" },
        ]);
      });
    }

    if (atLeast(revision, "2025-06-18")) {
      it("gets a resource link and structured content", async () => {
        expect((await client.callTool("resource-link")).content).toEqual([
          { type: "resource_link", uri: C.LINK_URI, name: "linked", mimeType: "text/plain" },
        ]);
        const result = await client.callTool("structured", { a: 2, b: 3 });
        expect(result.structuredContent).toEqual({ sum: 5 });
        expect(result.content).toEqual([{ type: "text", text: "5" }]);
      });
    }

    it("gets a tool error as an isError result", async () => {
      const result = await client.callTool("fail");
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: C.TOOL_ERROR_TEXT }]);
    });

    it("gets an unknown tool as a -32602 protocol error", async () => {
      const error = await client.callTool("no-such-tool").catch((e: unknown) => e);
      expect((error as { code?: number }).code).toBe(-32602);
    });

    it("gets invalid arguments as -32602 before 2025-11-25 and as a tool error from then on", async () => {
      const outcome = await client.callTool("structured", { a: "x", b: 1 }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if (atLeast(revision, "2025-11-25")) {
        expect(outcome).toEqual({
          result: expect.objectContaining({
            isError: true,
            content: [{ type: "text", text: "Invalid arguments for tool structured: /a must be number" }],
          }),
        });
      } else {
        expect("error" in outcome && outcome.error).toMatchObject({
          code: -32602,
          data: { pointer: "/params/arguments/a" },
        });
      }
    });

    it("receives progress", async () => {
      const reports: unknown[] = [];
      const result = await client.callTool("progress", undefined, { onprogress: (p) => reports.push(p) });
      expect(textOf(result)).toBe("done");
      expect(reports).toEqual(
        C.PROGRESS_STEPS.map(({ progress, total, message }) =>
          atLeast(revision, "2025-03-26") ? { progress, total, message } : { progress, total },
        ),
      );
    });

    it("cancels a request, and the server sees the abort", async () => {
      const controller = new AbortController();
      const call = client.callTool("slow", undefined, { signal: controller.signal });
      await sleep(150);
      controller.abort("stop");
      await expect(call).rejects.toBeDefined();
      await eventually(async () => (textOf(await client.callTool("cancelled")) === "yes" ? true : undefined));
    });

    it("sets the log level and gets only messages at or above it", async () => {
      client.events.logs.length = 0;
      if (revision === "2026-07-28") {
        // No logging/setLevel in 2026-07-28: the level rides in each request's _meta.
        const caller = client.raw as unknown as { callTool(params: object): Promise<unknown> };
        await caller.callTool({ name: "log", _meta: { "io.modelcontextprotocol/logLevel": "warning" } });
      } else {
        await raw.setLoggingLevel("warning");
        await client.callTool("log");
      }
      await eventually(async () => (client.events.logs.length >= 2 ? true : undefined));
      await sleep(50);
      expect(client.events.logs).toEqual([
        { level: "warning", data: "warning message", logger: "fixture" },
        { level: "error", data: "error message", logger: "fixture" },
      ]);
    });

    it("lists and reads resources and templates", async () => {
      const { resources } = await raw.listResources();
      expect(resources.map((r) => r.uri).sort()).toEqual([C.BLOB_URI, C.STATIC_URI]);
      expect((await raw.readResource({ uri: C.STATIC_URI })).contents).toEqual([
        { uri: C.STATIC_URI, mimeType: "text/plain", text: C.STATIC_TEXT },
      ]);
      expect((await raw.readResource({ uri: C.BLOB_URI })).contents).toEqual([
        { uri: C.BLOB_URI, mimeType: "application/octet-stream", blob: C.BLOB_BASE64 },
      ]);
      const { resourceTemplates } = await raw.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([C.TEMPLATE]);
      expect((await raw.readResource({ uri: "test://items/beta" })).contents).toEqual([
        { uri: "test://items/beta", mimeType: "text/plain", text: C.itemText("beta") },
      ]);
    });

    it("gets an unknown resource as resource-not-found", async () => {
      const error = await raw.readResource({ uri: "test://nowhere" }).catch((e: unknown) => e);
      // mcpkit sends -32002 with data.uri up to 2025-11-25; the 2.x client rebuilds that as its
      // ResourceNotFoundError, whose code is -32602 (docs/interop.md, "resource not found").
      expect(error).toMatchObject({
        code: client.sdk === "2.x" || revision === "2026-07-28" ? -32602 : -32002,
        data: { uri: "test://nowhere" },
      });
      expect((error as Error).message).toContain("Resource not found: test://nowhere");
    });

    if (serverPush && revision === "2026-07-28") {
      it("listens (subscriptions/listen) and receives resources/updated", async () => {
        const listening = client.raw as unknown as {
          listen(filter: { resourceSubscriptions: string[] }): Promise<{ close(): Promise<void> }>;
        };
        const subscription = await listening.listen({ resourceSubscriptions: [C.STATIC_URI] });
        expect(textOf(await client.callTool("touch", { uri: C.STATIC_URI }))).toBe("notified");
        await eventually(async () => (client.events.updated.includes(C.STATIC_URI) ? true : undefined));
        await subscription.close();
      });
    } else if (serverPush) {
      it("subscribes and receives resources/updated", async () => {
        await raw.subscribeResource({ uri: C.STATIC_URI });
        expect(textOf(await client.callTool("touch", { uri: C.STATIC_URI }))).toBe("notified");
        await eventually(async () => (client.events.updated.includes(C.STATIC_URI) ? true : undefined));
        await raw.unsubscribeResource({ uri: C.STATIC_URI });
        expect(textOf(await client.callTool("touch", { uri: C.STATIC_URI }))).toBe("not subscribed");
      });
    }

    it("lists and gets prompts, and completes arguments", async () => {
      const { prompts } = await raw.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(["greet"]);
      expect(prompts[0]?.arguments?.map((a) => [a.name, a.required ?? false])).toEqual([
        ["name", true],
        ["style", false],
      ]);
      const prompt = await raw.getPrompt({ name: "greet", arguments: { name: "Ada", style: "formal" } });
      expect(prompt.messages).toEqual([
        { role: "user", content: { type: "text", text: C.greeting("Ada", "formal") } },
      ]);
      const styles = await raw.complete({
        ref: { type: "ref/prompt", name: "greet" },
        argument: { name: "style", value: "f" },
      });
      expect(styles.completion.values).toEqual([...C.STYLES]);
      const ids = await raw.complete({
        ref: { type: "ref/resource", uri: C.TEMPLATE },
        argument: { name: "id", value: "g" },
      });
      expect(ids.completion.values).toEqual(["gamma"]);
    });

    if (serverRequests) {
      it("answers sampling and roots", async () => {
        expect(textOf(await client.callTool("sample"))).toBe(
          C.sampleAnswer("fixture-model", `answer to ${C.SAMPLE_PROMPT}`),
        );
        expect(textOf(await client.callTool("roots"))).toBe("file:///work/one,file:///work/two");
      });

      if (atLeast(revision, "2025-06-18")) {
        it("answers elicitation", async () => {
          expect(textOf(await client.callTool("elicit"))).toBe(
            JSON.stringify({ action: "accept", content: { name: "Ada" } }),
          );
        });
      }
    }
  });
}
