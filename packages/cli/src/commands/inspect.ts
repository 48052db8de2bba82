import type { Client } from "@mcpkit/client";
import { parseCommand } from "../args.js";
import { connect } from "../connect.js";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { type ObjectSchema, summarizeSchema } from "../render/schema-summary.js";
import { section, table } from "../render/table.js";

/** Everything `inspect` found, as printed by `--json`. */
interface Inspection {
  server: unknown;
  revision: string | undefined;
  era: string | undefined;
  transport: string;
  capabilities: unknown;
  instructions: string | undefined;
  tools: Awaited<ReturnType<Client["listTools"]>>;
  resources: Awaited<ReturnType<Client["listResources"]>>;
  resourceTemplates: Awaited<ReturnType<Client["listResourceTemplates"]>>;
  prompts: Awaited<ReturnType<Client["listPrompts"]>>;
}

/** `mcpkit inspect TARGET [--json]`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { connection, rest, values } = parseCommand(argv, { json: { type: "boolean" } });
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const connected = await connect(connection, io);
  try {
    const { client } = connected;
    const caps = client.serverCapabilities ?? {};
    const inspection: Inspection = {
      server: client.serverInfo,
      revision: client.revision,
      era: client.era,
      transport: connected.transportName(),
      capabilities: caps,
      instructions: client.instructions,
      tools: caps.tools ? await listed("tools", () => client.listTools(), io) : [],
      resources: caps.resources ? await listed("resources", () => client.listResources(), io) : [],
      resourceTemplates: caps.resources
        ? await listed("resource templates", () => client.listResourceTemplates(), io)
        : [],
      prompts: caps.prompts ? await listed("prompts", () => client.listPrompts(), io) : [],
    };
    io.out(values.json ? `${JSON.stringify(inspection, null, 2)}\n` : render(inspection));
    return 0;
  } finally {
    await connected.close();
  }
}

/** A list the server declared; when listing it fails, a warning and an empty list (the rest still shows). */
async function listed<T>(what: string, list: () => Promise<T[]>, io: Io): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    io.err(`mcpkit: could not list ${what}: ${(error as Error).message}\n`);
    return [];
  }
}

function render(x: Inspection): string {
  const server = x.server as { name?: string; version?: string; title?: string } | undefined;
  const lines = [
    `${server?.title ?? server?.name ?? "(unnamed server)"} ${server?.version ?? ""}`.trimEnd(),
    `  revision   ${x.revision} (${x.era} era)`,
    `  transport  ${x.transport}`,
    `  capabilities  ${capabilityList(x.capabilities)}`,
  ];
  if (x.instructions) lines.push("", "Instructions", indent(x.instructions));
  const parts = [`${lines.join("\n")}\n`];
  const rows = <T>(items: readonly T[], header: string[], row: (item: T) => string[]) =>
    items.length > 0 ? indent(table(header, items.map(row))) : undefined;
  parts.push(
    section(
      `Tools (${x.tools.length})`,
      rows(x.tools, ["NAME", "ARGUMENTS", "DESCRIPTION"], (t) => [
        t.name,
        summarizeSchema(t.inputSchema as ObjectSchema),
        t.description ?? "",
      ]),
    ),
    section(
      `Resources (${x.resources.length})`,
      rows(x.resources, ["URI", "NAME", "TYPE"], (r) => [r.uri, r.name, r.mimeType ?? ""]),
    ),
    section(
      `Resource templates (${x.resourceTemplates.length})`,
      rows(x.resourceTemplates, ["URI TEMPLATE", "NAME", "TYPE"], (r) => [
        r.uriTemplate,
        r.name,
        r.mimeType ?? "",
      ]),
    ),
    section(
      `Prompts (${x.prompts.length})`,
      rows(x.prompts, ["NAME", "ARGUMENTS", "DESCRIPTION"], (p) => [
        p.name,
        (p.arguments ?? []).map((a) => `${a.name}${a.required ? "" : "?"}`).join(", ") || "(none)",
        p.description ?? "",
      ]),
    ),
  );
  return parts.join("\n");
}

/** `tools (listChanged), resources (subscribe, listChanged), logging`. */
function capabilityList(capabilities: unknown): string {
  const entries = Object.entries((capabilities ?? {}) as Record<string, unknown>);
  if (entries.length === 0) return "(none)";
  return entries
    .map(([name, value]) => {
      const flags =
        value && typeof value === "object"
          ? Object.entries(value)
              .filter(([, v]) => v === true)
              .map(([k]) => k)
          : [];
      return flags.length > 0 ? `${name} (${flags.join(", ")})` : name;
    })
    .join(", ");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `  ${line}` : line))
    .join("\n");
}
