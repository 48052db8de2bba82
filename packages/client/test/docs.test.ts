import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const guide = readFileSync(resolve(root, "../../docs/client.md"), "utf8");

describe("docs/client.md", () => {
  // The examples are type-checked as files (tsconfig.json includes examples/); the guide must show them verbatim.
  const blocks = [...guide.matchAll(/```ts\n\/\/ (examples\/[\w-]+\.ts)\n([\s\S]*?)```/g)];

  it("shows the eight examples", () => {
    expect(blocks.map((b) => b[1])).toEqual([
      "examples/connect-stdio.ts",
      "examples/healing.ts",
      "examples/middleware.ts",
      "examples/call-tool.ts",
      "examples/read-resource.ts",
      "examples/sampling-elicitation.ts",
      "examples/tasks.ts",
      "examples/task-receiver.ts",
    ]);
  });

  it.each(blocks.map((b) => [b[1], b[2]] as const))("%s matches the type-checked file", (file, code) => {
    // The file's leading comment lines are its caption in the guide.
    const text = readFileSync(resolve(root, file ?? ""), "utf8").replace(/^(\/\/.*\n)+/, "");
    expect(text).toBe(code);
  });
});
