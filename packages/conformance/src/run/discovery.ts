import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { PassedSession } from "./executor.js";

/**
 * What a server under test offers at one revision, learned once before the transcripts run: the
 * capabilities its opening exchange declared and the names it lists. A list is absent when the
 * capability is not declared or the server did not answer it.
 */
export interface ServerFacts {
  revision: Revision;
  capabilities: JsonObject;
  /** 2026-07-28: the revisions `server/discover` says the server supports (its claim). */
  supportedVersions?: string[];
  tools?: string[];
  resources?: string[];
  templates?: string[];
  prompts?: string[];
}

/** How many pages of one list the probe follows at most. */
const MAX_PAGES = 20;

const LISTS = [
  { capability: "tools", method: "tools/list", key: "tools", field: "name", fact: "tools" },
  { capability: "resources", method: "resources/list", key: "resources", field: "uri", fact: "resources" },
  {
    capability: "resources",
    method: "resources/templates/list",
    key: "resourceTemplates",
    field: "uriTemplate",
    fact: "templates",
  },
  { capability: "prompts", method: "prompts/list", key: "prompts", field: "name", fact: "prompts" },
] as const;

/** Ids of the probe's own requests, far from the ids transcripts use. */
let nextId = 900_000;

/** Waits for the response with `id` (bounded); consumes and returns it, or undefined. */
async function response(
  session: PassedSession,
  id: number,
  timeoutMs: number,
): Promise<JsonObject | undefined> {
  const deadline = Date.now() + timeoutMs;
  const inbox = session.wire.inbox;
  for (;;) {
    const item = inbox.pending().find((i) => isObject(i.message) && i.message.id === id);
    if (item) {
      inbox.consume(item);
      const message = item.message as JsonObject;
      return "result" in message || "error" in message ? message : undefined;
    }
    const left = deadline - Date.now();
    if (left <= 0 || session.wire.gone.settled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((done) => {
      timer = setTimeout(done, left);
    });
    await Promise.race([inbox.changed(), timeout, session.wire.gone.promise]);
    clearTimeout(timer);
  }
}

/** Lists every page of one list method; undefined when the server did not answer with a list. */
async function listAll(
  session: PassedSession,
  method: string,
  key: string,
  field: string,
  timeoutMs: number,
): Promise<string[] | undefined> {
  const names: string[] = [];
  let cursor: Json | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const id = ++nextId;
    const params: JsonObject = cursor === undefined ? {} : { cursor };
    const message = session.envelope({ jsonrpc: "2.0", id, method, params });
    try {
      await session.wire.send(
        { text: JSON.stringify(message), message, newline: true, binary: false },
        false,
        timeoutMs,
      );
    } catch {
      return undefined;
    }
    const answer = await response(session, id, timeoutMs);
    const result = answer?.result;
    if (!isObject(result) || !Array.isArray(result[key])) return page === 0 ? undefined : names;
    for (const entry of result[key] as Json[]) {
      if (isObject(entry) && typeof entry[field] === "string") names.push(entry[field] as string);
    }
    if (typeof result.nextCursor !== "string" || result.nextCursor === cursor) return names;
    cursor = result.nextCursor;
  }
  return names;
}

/**
 * Reads what the server offers over a connection whose opening exchange passed: its declared
 * capabilities and, for each declared feature, every page of its list.
 * @example
 * const facts = await discoverFacts(session, "2025-11-25", 5000);
 * facts.tools?.includes("test_simple_text");
 */
export async function discoverFacts(
  session: PassedSession,
  revision: Revision,
  timeoutMs: number,
): Promise<ServerFacts> {
  const declared = session.vars.get("serverCapabilities");
  const capabilities = isObject(declared) ? declared : {};
  const facts: ServerFacts = { revision, capabilities };
  const discovered = session.vars.get("discoverResult");
  if (isObject(discovered) && Array.isArray(discovered.supportedVersions))
    facts.supportedVersions = discovered.supportedVersions.filter((v): v is string => typeof v === "string");
  for (const list of LISTS) {
    if (!isObject(capabilities[list.capability])) continue;
    const names = await listAll(session, list.method, list.key, list.field, timeoutMs);
    if (names !== undefined) facts[list.fact] = names;
  }
  return facts;
}
