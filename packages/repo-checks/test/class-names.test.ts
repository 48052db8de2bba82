import { existsSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { restoreClassNames } from "../../../scripts/class-names.mjs";
import { published, root } from "./workspace.js";

/** The `./dist/….js` files a package's `exports` point at under Node's `import` conditions. */
function entryFiles(exportsField: Readonly<Record<string, unknown>> | undefined): string[] {
  const pick = (target: unknown): string | undefined => {
    if (typeof target === "string") return target.endsWith(".js") ? target : undefined;
    if (!target || typeof target !== "object") return undefined;
    const conditions = target as Record<string, unknown>;
    return pick(conditions.node) ?? pick(conditions.import) ?? pick(conditions.default);
  };
  return Object.entries(exportsField ?? {})
    .filter(([subpath]) => !subpath.includes("*"))
    .flatMap(([, target]) => pick(target) ?? []);
}

const isClass = (value: unknown): value is abstract new (...args: never[]) => unknown =>
  typeof value === "function" && /^class\b/.test(Function.prototype.toString.call(value));

describe("built packages' classes", () => {
  it("carry the names they are exported under (no bundler `_Name`)", async () => {
    const wrong: string[] = [];
    let classes = 0;
    for (const { dir } of published()) {
      const manifest = (await import(join(root, dir, "package.json"), { with: { type: "json" } })).default;
      for (const file of entryFiles(manifest.exports)) {
        const path = join(root, dir, file);
        if (!existsSync(path)) throw new Error(`${path} is missing: build first (pnpm build)`);
        const module: Record<string, unknown> = await import(path);
        for (const [name, value] of Object.entries(module)) {
          if (!isClass(value)) continue;
          classes += 1;
          if (value.name !== name) wrong.push(`${dir}/${file}: ${name} is named ${value.name}`);
        }
      }
    }
    expect(classes).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it("print McpError as McpError: in String(), the stack header and console output", async () => {
    const core = await import(join(root, "packages/core/dist/index.js"));
    const error = new core.McpError(-32602, "Unknown tool: nope");
    expect(error.name).toBe("McpError");
    expect(core.McpError.name).toBe("McpError");
    expect(String(error)).toBe("McpError: Unknown tool: nope");
    expect(error.stack?.split("\n")[0]).toBe("McpError: Unknown tool: nope");
    expect(inspect(error).split("\n")[0]).toBe("McpError: Unknown tool: nope");
    // The renamed class still refers to itself.
    expect(core.McpError.fromJson({ code: 1, message: "x" })).toBeInstanceOf(core.McpError);
  });
});

describe("restoreClassNames", () => {
  it("renames a self-referring class back, with every reference inside it", () => {
    const bundled = [
      "var McpError = class _McpError extends Error {",
      "  static fromJson(e) {",
      "    return new _McpError(e.message);",
      "  }",
      "};",
      "var LocalError = class extends Error {};",
    ].join("\n");
    expect(restoreClassNames(bundled)).toBe(
      [
        "var McpError = class McpError extends Error {",
        "  static fromJson(e) {",
        "    return new McpError(e.message);",
        "  }",
        "};",
        "var LocalError = class extends Error {};",
      ].join("\n"),
    );
    const plain = "var A = class {};\nexport { A };";
    expect(restoreClassNames(plain)).toBe(plain);
  });

  it("refuses when the class body already uses the outer name for something else", () => {
    const bundled = "var Foo = class _Foo {\n  m(Foo) { return new _Foo(Foo); }\n};";
    expect(() => restoreClassNames(bundled, "dist/x.js")).toThrow(
      'dist/x.js: cannot restore the name of class Foo (bundled as _Foo): the class body also refers to another "Foo"',
    );
  });
});
