/**
 * A browser page that connects to an MCP server over Streamable HTTP (cross-origin: the server
 * must allow this page's origin with CORS) and lists its tools. `?server=URL` fills in the URL.
 */
import { Client } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";

const form = document.querySelector<HTMLFormElement>("#connect");
const input = document.querySelector<HTMLInputElement>("#url");
const status = document.querySelector<HTMLParagraphElement>("#status");
const list = document.querySelector<HTMLUListElement>("#tools");
if (!form || !input || !status || !list) throw new Error("the page is missing its elements");

const fromQuery = new URLSearchParams(location.search).get("server");
if (fromQuery) input.value = fromQuery;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  status.textContent = "Connecting…";
  list.replaceChildren();
  const client = new Client({ clientInfo: { name: "browser-example", version: "1.0.0" } });
  try {
    await client.connect(new StreamableHttpClientTransport(input.value));
    const tools = await client.listTools();
    for (const tool of tools) {
      const item = document.createElement("li");
      item.textContent = tool.description ? `${tool.name}: ${tool.description}` : tool.name;
      list.append(item);
    }
    status.textContent = `Connected to ${client.serverInfo?.name} (${client.revision}): ${tools.length} tools`;
  } catch (error) {
    status.textContent = `Failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.close();
  }
});
