// Read a resource, and follow its changes.
import type { Client } from "@mcpkit/client";

export async function readText(client: Client, uri: string): Promise<string> {
  const { contents } = await client.readResource(uri); // cached for its ttlMs on 2026-07-28 servers
  return contents.map((part) => ("text" in part ? part.text : "")).join("");
}

export async function follow(
  client: Client,
  uri: string,
  onChange: (text: string) => void,
): Promise<() => void> {
  const stop = client.on("resourceUpdated", async (event) => {
    if (event.uri === uri) onChange(await readText(client, uri));
  });
  if (client.era === "session") {
    await client.subscribeResource(uri);
    return stop;
  }
  const subscription = client.listen({ resourceSubscriptions: [uri] }); // 2026-07-28
  await subscription.acknowledged;
  return () => {
    stop();
    subscription.close();
  };
}
