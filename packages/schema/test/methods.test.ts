import { describe, expect, it } from "vitest";
import { capabilityFields, methodInfo, methodTable, revisions } from "../src/index.js";

const count = (revision: (typeof revisions)[number], kind: "request" | "notification") =>
  Object.values(methodTable(revision)).filter((m) => m.kind === kind).length;

describe("method tables", () => {
  it("have the specification's requests and notifications per revision", () => {
    expect(revisions.map((r) => [count(r, "request"), count(r, "notification")])).toEqual([
      [15, 9],
      [15, 9],
      [16, 9],
      [20, 11],
      [13, 8],
    ]);
  });

  it("give direction, params, results and gate", () => {
    expect(methodInfo("2025-11-25", "resources/subscribe")).toEqual({
      kind: "request",
      direction: "client-to-server",
      delivery: "message",
      message: "SubscribeRequest",
      params: "SubscribeRequestParams",
      results: ["EmptyResult"],
      gate: { side: "server", path: "resources.subscribe" },
    });
    expect(methodInfo("2025-11-25", "ping")?.direction).toBe("both");
    expect(methodInfo("2025-11-25", "tools/call")?.results).toEqual(["CallToolResult", "CreateTaskResult"]);
    expect(methodInfo("2025-11-25", "tasks/list")?.gate).toEqual({ side: "receiver", path: "tasks.list" });
  });

  it("gate completion only from 2025-03-26, when the capability appeared", () => {
    expect(methodInfo("2024-11-05", "completion/complete")?.gate).toBeNull();
    expect(methodInfo("2025-03-26", "completion/complete")?.gate).toEqual({
      side: "server",
      path: "completions",
    });
  });

  it("describe the stateless revision: no handshake, input-required requests", () => {
    const table = methodTable("2026-07-28");
    for (const gone of ["initialize", "ping", "logging/setLevel", "resources/subscribe", "tasks/get"]) {
      expect(table, gone).not.toHaveProperty([gone]);
    }
    expect(methodInfo("2026-07-28", "tools/call")?.results).toEqual([
      "CallToolResult",
      "InputRequiredResult",
    ]);
    expect(methodInfo("2026-07-28", "elicitation/create")).toMatchObject({
      direction: "server-to-client",
      delivery: "input-required",
      results: ["ElicitResult"],
    });
    expect(methodInfo("2026-07-28", "server/discover")?.results).toEqual(["DiscoverResult"]);
    // Clients cancel with it; on stdio a server also uses it to end a subscriptions/listen stream.
    expect(methodInfo("2026-07-28", "notifications/cancelled")?.direction).toBe("both");
  });

  it("keep params inline where old revisions declared them inline", () => {
    expect(methodInfo("2024-11-05", "tools/call")?.params).toBeNull();
    expect(methodInfo("2024-11-05", "nope")).toBeUndefined();
  });
});

describe("capability fields", () => {
  it("name what each revision's capabilities objects define", () => {
    expect(capabilityFields("2024-11-05", "server")).toEqual([
      "experimental",
      "logging",
      "prompts",
      "resources",
      "tools",
    ]);
    expect(capabilityFields("2025-11-25", "server")).toContain("tasks");
    expect(capabilityFields("2026-07-28", "server")).not.toContain("tasks");
    expect(capabilityFields("2026-07-28", "server")).toContain("extensions");
    expect(capabilityFields("2024-11-05", "client")).toEqual(["experimental", "roots", "sampling"]);
    expect(() => capabilityFields("1999-01-01" as never, "server")).toThrow(
      "unknown protocol revision: 1999-01-01",
    );
  });
});
