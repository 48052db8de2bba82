/**
 * An MCP client: connects to the server given by URL (Streamable HTTP) or by command (stdio),
 * lists its tools, and calls one with JSON arguments, printing progress as it comes.
 *
 *   client.ts [--mode auto|session|stateless] <url | "command args"> [tool] [arguments as JSON]
 */
import { parseArgs } from "node:util";
import { Client, type ClientMode } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { StdioClientTransport } from "@mcpkit/transport-stdio";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { mode: { type: "string", default: "auto" } },
});
const [target, toolName, json = "{}"] = positionals;
if (target === undefined || !["auto", "session", "stateless"].includes(values.mode)) {
  console.error('usage: client.ts [--mode auto|session|stateless] <url | "command args"> [tool] [json]');
  process.exit(2);
}

const client = new Client({
  clientInfo: { name: "example-client", version: "1.0.0" },
  mode: values.mode as ClientMode,
});
try {
  // A factory, not a transport: the client may reconnect (an older stdio server exits on the probe).
  await client.connect(() => {
    if (/^https?:\/\//.test(target)) return new StreamableHttpClientTransport(target);
    const [command = "", ...args] = target.split(" ").filter(Boolean);
    return new StdioClientTransport({ command, args, stderr: "ignore" });
  });
  const { name, version } = client.serverInfo ?? { name: "?", version: "?" };
  console.log(`connected to ${name} ${version} (${client.revision}, ${client.era} era)`);
  const tools = await client.listTools();
  for (const tool of tools) console.log(`tool ${tool.name}: ${tool.description ?? ""}`);

  const chosen = toolName ?? tools[0]?.name;
  if (chosen !== undefined) {
    console.log(`calling ${chosen} ${json}`);
    const result = await client.callTool(
      { name: chosen, arguments: JSON.parse(json) as Record<string, unknown> },
      {
        onProgress: ({ progress, total, message }) =>
          console.log(`progress ${progress}/${total ?? "?"}${message ? ` ${message}` : ""}`),
      },
    );
    for (const part of result.content) console.log(part.type === "text" ? part.text : `[${part.type}]`);
    if (result.isError) process.exitCode = 1; // the tool ran and failed
  }
} catch (error) {
  // The server could not be reached, or refused: an unknown tool is a protocol error (McpError).
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
