/**
 * Emits one revision's method table: a runtime object (method → direction, message and params
 * definitions, results, gate) and TypeScript maps from method name to params and result types.
 * Directions come from the schema's request/notification unions; results and gates from
 * source/methods.ts.
 */
import type { JsonSchema } from "../../source/dsl.js";
import { type GateFact, methodFacts } from "../../source/methods.js";
import { revisionSources } from "../../source/revisions/index.js";
import type { MethodDirection, MethodInfo } from "../../src/method-table.js";

type Definitions = Readonly<Record<string, JsonSchema>>;

interface Member {
  readonly name: string;
  readonly method: string;
}

function refName(node: JsonSchema): string {
  return (node.$ref as string).slice((node.$ref as string).lastIndexOf("/") + 1);
}

/** The message definitions a union names (a union of one may be the message itself). */
function members(defs: Definitions, unionName: string): Member[] {
  const union = defs[unionName];
  if (!union) return [];
  const names = Array.isArray(union.anyOf) ? (union.anyOf as JsonSchema[]).map(refName) : [unionName];
  return names.map((name) => {
    const method = (defs[name]?.properties as Record<string, JsonSchema> | undefined)?.method?.const;
    if (typeof method !== "string") throw new Error(`${unionName} member ${name} has no method const`);
    return { name, method };
  });
}

function gateFor(revision: string, gate: MethodFact["gate"]): GateFact | null {
  if (gate === undefined) return null;
  if ("side" in gate && "path" in gate && typeof gate.side === "string") return gate as GateFact;
  let current: GateFact | null = null;
  for (const source of revisionSources) {
    const entry = (gate as Record<string, GateFact | null>)[source.revision];
    if (entry !== undefined) current = entry;
    if (source.revision === revision) break;
  }
  return current;
}
type MethodFact = (typeof methodFacts)[string];

function paramsOf(defs: Definitions, message: string): string | null {
  const params = (defs[message]?.properties as Record<string, JsonSchema> | undefined)?.params;
  return params && typeof params.$ref === "string" ? refName(params) : null;
}

export function methodTable(revision: string, defs: Definitions): Record<string, MethodInfo> {
  const table: Record<string, MethodInfo> = {};
  const add = (
    kind: MethodInfo["kind"],
    direction: MethodDirection,
    delivery: MethodInfo["delivery"],
    m: Member,
  ) => {
    const existing = table[m.method];
    if (existing) {
      if (existing.direction !== direction) table[m.method] = { ...existing, direction: "both" };
      return;
    }
    const fact = methodFacts[m.method];
    if (!fact) throw new Error(`${revision}: no facts for method ${m.method} in source/methods.ts`);
    const results = kind === "request" ? [...(fact.results ?? [])] : [];
    if (fact.inputRequired && "InputRequiredResult" in defs) results.push("InputRequiredResult");
    if (fact.taskAugmentable && "CreateTaskResult" in defs) results.push("CreateTaskResult");
    for (const r of results)
      if (!(r in defs)) throw new Error(`${revision}: ${m.method} result ${r} is not defined`);
    if (kind === "request" && results.length === 0) throw new Error(`${revision}: ${m.method} has no result`);
    table[m.method] = {
      kind,
      direction,
      delivery,
      message: m.name,
      params: paramsOf(defs, m.name),
      results,
      gate: gateFor(revision, fact.gate),
    };
  };
  for (const m of members(defs, "ClientRequest")) add("request", "client-to-server", "message", m);
  for (const m of members(defs, "ServerRequest")) add("request", "server-to-client", "message", m);
  for (const m of members(defs, "InputRequest")) add("request", "server-to-client", "input-required", m);
  for (const m of members(defs, "ClientNotification")) add("notification", "client-to-server", "message", m);
  for (const m of members(defs, "ServerNotification")) add("notification", "server-to-client", "message", m);
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function paramsType(info: MethodInfo): string {
  return info.params ?? `NonNullable<${info.message}["params"]>`;
}

export function emitMethods(revision: string, defs: Definitions): string {
  const table = methodTable(revision, defs);
  const used = new Set<string>();
  const maps: Record<string, string[]> = {
    ClientRequestMap: [],
    ServerRequestMap: [],
    ClientNotificationMap: [],
    ServerNotificationMap: [],
  };
  for (const [method, info] of Object.entries(table)) {
    used.add(info.params ?? info.message);
    for (const r of info.results) used.add(r);
    const fromClient = info.direction !== "server-to-client";
    const fromServer = info.direction !== "client-to-server";
    const entry =
      info.kind === "request"
        ? `  ${JSON.stringify(method)}: { params: ${paramsType(info)}; result: ${info.results.join(" | ")} };`
        : `  ${JSON.stringify(method)}: { params: ${paramsType(info)} };`;
    const kind = info.kind === "request" ? "Request" : "Notification";
    if (fromClient) maps[`Client${kind}Map`]?.push(entry);
    if (fromServer) maps[`Server${kind}Map`]?.push(entry);
  }
  const docs: Record<string, string> = {
    ClientRequestMap:
      "Requests a client sends, by method: their params and the results that may answer them.",
    ServerRequestMap:
      "Requests a server makes of a client, by method (in the stateless era, inside `InputRequiredResult`).",
    ClientNotificationMap: "Notifications a client sends, by method.",
    ServerNotificationMap: "Notifications a server sends, by method.",
  };
  const body = Object.entries(maps).map(
    ([name, entries]) =>
      `/** ${docs[name]} */\nexport interface ${name} {\n${entries.join("\n")}${entries.length ? "\n" : ""}}\n`,
  );
  return [
    `// Generated by scripts/generate.ts from the ${revision} schema and source/methods.ts. Do not edit.`,
    'import type { MethodTable } from "../../method-table.js";',
    `import type { ${[...used].sort().join(", ")} } from "./types.js";`,
    "",
    ...body,
    "/** Every method of this revision: direction, message and params definitions, results, gate. */",
    `export const methods = ${JSON.stringify(table, null, 2)} as const satisfies MethodTable;`,
    "",
  ].join("\n");
}
