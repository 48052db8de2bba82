// The resultType claim of the client extension API: one extension per type, none of the core's.
import { describe, expect, it } from "vitest";
import { Client, type ClientExtension, tasksExtension } from "../src/index.js";

const clientInfo = { name: "c", version: "1" };
const claiming = (id: string, type: string): ClientExtension => ({
  id,
  install(api) {
    api.resultType(type, () => ({ handle: undefined, settle: async () => ({}) }));
  },
});

describe("api.resultType", () => {
  it("refuses a type claimed twice", () => {
    expect(
      () => new Client({ clientInfo, extensions: [tasksExtension(), claiming("com.example/x", "task")] }),
    ).toThrow(new Error("extension com.example/x: the resultType task is already claimed"));
  });

  it("refuses the core's own result types", () => {
    for (const type of ["complete", "input_required"]) {
      expect(() => new Client({ clientInfo, extensions: [claiming("com.example/x", type)] })).toThrow(
        new Error(`extension com.example/x: the resultType ${type} belongs to the core protocol`),
      );
    }
  });
});
