// Connecting to @mcpkit/server and ping, in every revision: the negotiated revision, server info,
// capabilities and instructions; local capability checks.
import { LocalError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import { describe, expect, it } from "vitest";
import { allRevisions, connect, newServer, sessionRevisions } from "./setup.js";

describe.each(allRevisions)("connecting at %s", (revision: Revision) => {
  const stateless = revision === "2026-07-28";

  it("settles the revision and exposes the server's info, capabilities and instructions", async () => {
    const server = newServer({ instructions: "Be kind." });
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    server.prompt({ name: "p" }, () => ({ messages: [] }));
    server.resource({ uri: "mem://r", name: "r" }, (uri) => ({ contents: [{ uri, text: "" }] }));
    const client = await connect(server, revision);
    expect(client.revision).toBe(revision);
    expect(client.era).toBe(stateless ? "stateless" : "session");
    expect(client.serverInfo).toEqual({ name: "real-server", version: "1.0.0" });
    expect(client.instructions).toBe("Be kind.");
    expect(client.serverCapabilities).toEqual({
      logging: {},
      // 2024-11-05 has no completions capability (completion/complete is not gated there).
      ...(revision === "2024-11-05" ? {} : { completions: {} }),
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      tools: { listChanged: true },
    });
  });

  it("features the server did not declare fail locally with capability_missing", async () => {
    const server = newServer({ logging: false });
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const client = await connect(server, revision);
    expect(client.serverCapabilities).toEqual({ tools: { listChanged: true } });
    for (const attempt of [
      () => client.listPrompts(),
      () => client.getPrompt({ name: "p" }),
      () => client.listResources(),
      () => client.readResource("mem://r"),
      ...(revision === "2024-11-05"
        ? []
        : [
            () =>
              client.complete({ ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } }),
          ]),
      () => client.setLoggingLevel("info"),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalError);
      expect(error).toMatchObject({ code: "capability_missing" });
    }
    expect((await client.listTools()).map((t) => t.name)).toEqual(["t"]);
  });
});

describe.each(sessionRevisions)("ping at %s", (revision: Revision) => {
  it("pings the server", async () => {
    const client = await connect(newServer(), revision);
    await expect(client.ping()).resolves.toBeUndefined();
  });
});

describe("ping at 2026-07-28", () => {
  it("is not part of the revision: it fails locally with method_unavailable", async () => {
    const client = await connect(newServer(), "2026-07-28");
    const error = await client.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "method_unavailable" });
  });
});

describe("a server that serves only some revisions", () => {
  it("a pinned revision it does not serve is refused", async () => {
    const server = newServer({ revisions: ["2025-06-18"] });
    const error = await connect(server, "2025-11-25").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: "version_rejected" });
  });

  it("auto mode falls back to initialize when the server serves no stateless revision", async () => {
    const server = newServer({ revisions: ["2025-03-26", "2025-06-18"] });
    const client = await connect(server, undefined as unknown as Revision, {
      mode: "auto",
      probeTimeoutMs: 1_000,
    });
    expect(client.era).toBe("session");
    expect(client.revision).toBe("2025-06-18");
  });

  it("session mode initializes with the newest session revision", async () => {
    const client = await connect(newServer(), undefined as unknown as Revision, { mode: "session" });
    expect(client.era).toBe("session");
    expect(client.revision).toBe("2025-11-25");
  });
});
