/**
 * Our generated TypeScript types accept every upstream example as an object literal (so excess
 * property checks apply too), and reject one with a required property removed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  examplesRevision,
  isSchemaNode,
  loadExamples,
  loadUpstream,
  present,
  referenceOrExplain,
} from "./reference.js";

const dir = referenceOrExplain();
const typesModule = resolve(
  dirname(fileURLToPath(import.meta.url)),
  `../../src/generated/${examplesRevision}/types.js`,
);

/**
 * Upstream examples carrying a top-level property their own upstream definition does not declare.
 * The wire schema allows it (it is open), but our generated types are closed, so the literal is an
 * excess property. Each is type-checked without the property with the rest, and as-is in a file of
 * its own where the excess-property error must still appear (so a stale entry fails).
 */
const exampleDivergences: readonly { file: string; property: string; reason: string }[] = [
  {
    file: "ListRootsRequest/list-roots-request.json",
    property: "id",
    reason:
      "in 2026-07-28 ListRootsRequest is an input request embedded in a result, with no id " +
      "(upstream's schema declares none, and its CreateMessageRequest and ElicitRequest examples carry none)",
  },
];

function without(value: unknown, property: string): unknown {
  if (!isSchemaNode(value) || !(property in value)) throw new Error(`example has no property ${property}`);
  const { [property]: _dropped, ...rest } = value;
  return rest;
}

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  });
}

describe.skipIf(dir === undefined)(`generated ${examplesRevision} types accept the upstream examples`, () => {
  // Outside the repository, so nothing generated here can end up in it.
  let work = "";
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "mcpkit-oracle-types-"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("type-checks every example and rejects one missing a required property", () => {
    const reference = present(dir);
    const examples = loadExamples(reference);
    expect(examples.length).toBeGreaterThan(0);
    const definitions = loadUpstream(reference, examplesRevision).definitions;
    const header = `import type * as T from ${JSON.stringify(typesModule)};\n\n`;
    const declare = (name: string, comment: string, typeName: string, value: unknown) =>
      `// ${comment}\nexport const ${name}: T.${typeName} = ${JSON.stringify(value, null, 2)};\n`;

    const declarations: string[] = [];
    const divergent: string[] = [];
    for (const [i, e] of examples.entries()) {
      const divergence = exampleDivergences.find((d) => d.file === e.file);
      if (!divergence) {
        declarations.push(declare(`e${i}`, e.file, e.typeName, e.value));
        continue;
      }
      // The entry stays justified only while upstream itself does not declare the property.
      const declared = definitions[e.typeName]?.properties;
      expect(
        isSchemaNode(declared) && divergence.property in declared,
        `${e.file}: ${divergence.reason}`,
      ).toBe(false);
      declarations.push(
        declare(
          `e${i}`,
          `${e.file} without "${divergence.property}"`,
          e.typeName,
          without(e.value, divergence.property),
        ),
      );
      divergent.push(declare(`d${i}`, e.file, e.typeName, e.value));
    }
    expect(divergent.length, "every listed example divergence names an upstream example").toBe(
      exampleDivergences.length,
    );
    const positive = join(work, "examples.mts");
    writeFileSync(positive, header + declarations.join("\n"));
    const divergentFile = join(work, "known-divergent.mts");
    writeFileSync(divergentFile, header + divergent.join("\n"));

    // Negative control: the first example whose definition requires a property it carries.
    let control: { file: string; typeName: string; removed: string; value: unknown } | undefined;
    for (const e of examples) {
      const required = definitions[e.typeName]?.required;
      const value = e.value;
      if (!isSchemaNode(value) || !Array.isArray(required)) continue;
      const removed = required.find((r): r is string => typeof r === "string" && r in value);
      if (removed === undefined) continue;
      control = { file: e.file, typeName: e.typeName, removed, value: without(value, removed) };
      break;
    }
    if (!control) throw new Error("no example has a required property to remove");
    const negative = join(work, "negative-control.mts");
    writeFileSync(
      negative,
      `${header}// ${control.file} without "${control.removed}"\nexport const bad: T.${control.typeName} = ${JSON.stringify(control.value, null, 2)};\n`,
    );

    const program = ts.createProgram([positive, divergentFile, negative], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const inFile = (file: string) => (d: ts.Diagnostic) =>
      d.file !== undefined && resolve(d.file.fileName) === resolve(file);
    const messages = (list: readonly ts.Diagnostic[]) =>
      list.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n");

    const unexpected = diagnostics.filter((d) => !inFile(divergentFile)(d) && !inFile(negative)(d));
    expect(unexpected.length, formatDiagnostics(unexpected)).toBe(0);

    const divergentText = messages(diagnostics.filter(inFile(divergentFile)));
    for (const d of exampleDivergences) {
      // The checker names the key as written in the literal, i.e. quoted: '"id"'.
      expect(divergentText, `${d.file} as published should still carry the excess "${d.property}"`).toContain(
        `'${JSON.stringify(d.property)}' does not exist in type`,
      );
    }

    const controlText = messages(diagnostics.filter(inFile(negative)));
    expect(controlText, `${control.typeName} without "${control.removed}" should not type-check`).toContain(
      `'${control.removed}'`,
    );
  }, 60_000);
});
