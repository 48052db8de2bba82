import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type Revision, eraOf } from "../model/revisions.js";
import { RUNNER_INFO } from "../run/executor.js";
import { delay, withTimeout } from "../run/time.js";
import type { Wire } from "../wire/wire.js";
import type { RunObserver } from "./observer.js";
import { tapWire } from "./wire-tap.js";

/** Transcript id of the observe pass (also what `--id` selects it by). */
export const OBSERVE_ID = "invariants/observe";
/** Bounds: pages per list, and items read, fetched or called per kind. */
const MAX_PAGES = 20;
const MAX_ITEMS = 20;
const META = "io.modelcontextprotocol/";

/** What one observe pass needs. */
export interface ObserveInput {
  revision: Revision;
  wire: Wire;
  observer: RunObserver;
  stepTimeoutMs: number;
  runTimeoutMs: number;
}

class Stop extends Error {}

/**
 * The observe pass: a conversation that only looks. It opens the era's exchange, lists everything
 * the server declares (every page, with a bound), reads every listed resource, gets every prompt
 * (required arguments filled with "example"), calls the tools that say they only read and need no
 * arguments, and pings; the invariants see all of it. Never fails by itself: what it sees is
 * judged by the invariants, and a server that will not talk is the opening probe's business.
 */
export async function observePass(input: ObserveInput): Promise<void> {
  const wire = tapWire(input.wire, input.observer);
  const deadline = Date.now() + input.runTimeoutMs;
  const era = eraOf(input.revision);
  let nextId = 1;

  const request = async (method: string, params: JsonObject): Promise<JsonObject | undefined> => {
    const id = nextId++;
    input.observer.step = method;
    const withMeta =
      era === "stateless"
        ? {
            ...params,
            _meta: {
              [`${META}protocolVersion`]: input.revision,
              [`${META}clientCapabilities`]: {},
              [`${META}clientInfo`]: RUNNER_INFO,
            },
          }
        : params;
    const message = { jsonrpc: "2.0", id, method, params: withMeta } as JsonObject;
    const left = deadline - Date.now();
    if (left <= 0 || wire.gone.settled) throw new Stop();
    await wire.send(
      { text: JSON.stringify(message), message, newline: true, binary: false },
      false,
      Math.min(left, input.stepTimeoutMs),
    );
    const until = Math.min(deadline, Date.now() + input.stepTimeoutMs);
    while (Date.now() < until && !wire.gone.settled) {
      for (const item of [...wire.inbox.pending()]) {
        wire.inbox.consume(item);
        const m = item.message;
        if (isObject(m) && m.id === id && typeof m.method !== "string")
          return isObject(m.result) ? m.result : undefined;
        if (isObject(m) && typeof m.method === "string" && Object.hasOwn(m, "id")) await answer(m);
      }
      await Promise.race([wire.inbox.changed(), delay(until - Date.now()), wire.gone.promise]);
    }
    throw new Stop();
  };

  /** Requests from the server: ping gets its empty result, anything else "not offered". */
  const answer = async (m: JsonObject): Promise<void> => {
    const reply: JsonObject =
      m.method === "ping"
        ? { jsonrpc: "2.0", id: m.id ?? null, result: {} }
        : {
            jsonrpc: "2.0",
            id: m.id ?? null,
            error: { code: -32601, message: "the observe pass offers nothing" },
          };
    await wire.send(
      { text: JSON.stringify(reply), message: reply, newline: true, binary: false },
      false,
      input.stepTimeoutMs,
    );
  };

  const list = async (method: string, key: string): Promise<JsonObject[]> => {
    const items: JsonObject[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await request(method, cursor === undefined ? {} : { cursor });
      const found = result?.[key];
      if (Array.isArray(found)) items.push(...found.filter(isObject));
      const next = result?.nextCursor;
      if (typeof next !== "string") break;
      if (cursors.has(next)) {
        input.observer.report({
          requirement: "pagination.stable-cursors",
          detail: `${method} pagination does not end: nextCursor ${JSON.stringify(next)} came back`,
          message: result ?? null,
        });
        break;
      }
      cursors.add(next);
      cursor = next;
    }
    return items;
  };

  try {
    await withTimeout(wire.connect(), input.stepTimeoutMs + 1000, "connect timed out");
    let capabilities: Json | undefined;
    if (era === "session") {
      const result = await request("initialize", {
        protocolVersion: input.revision,
        capabilities: {},
        clientInfo: RUNNER_INFO,
      });
      capabilities = result?.capabilities;
      input.observer.step = "notifications/initialized";
      const note = { jsonrpc: "2.0", method: "notifications/initialized" } as JsonObject;
      await wire.send(
        { text: JSON.stringify(note), message: note, newline: true, binary: false },
        false,
        input.stepTimeoutMs,
      );
      await request("ping", {});
    } else {
      capabilities = (await request("server/discover", {}))?.capabilities;
    }
    if (!isObject(capabilities)) return;
    if (isObject(capabilities.tools)) {
      const tools = await list("tools/list", "tools");
      const safe = tools.filter((t) => {
        const schema = isObject(t.inputSchema) ? t.inputSchema : {};
        const required = Array.isArray(schema.required) ? schema.required : [];
        return isObject(t.annotations) && t.annotations.readOnlyHint === true && required.length === 0;
      });
      for (const tool of safe.slice(0, MAX_ITEMS))
        await request("tools/call", { name: tool.name ?? "", arguments: {} });
    }
    if (isObject(capabilities.prompts)) {
      for (const prompt of (await list("prompts/list", "prompts")).slice(0, MAX_ITEMS)) {
        const args: JsonObject = {};
        for (const arg of Array.isArray(prompt.arguments) ? prompt.arguments : [])
          if (isObject(arg) && arg.required === true && typeof arg.name === "string")
            args[arg.name] = "example";
        await request("prompts/get", { name: prompt.name ?? "", arguments: args });
      }
    }
    if (isObject(capabilities.resources)) {
      for (const resource of (await list("resources/list", "resources")).slice(0, MAX_ITEMS))
        await request("resources/read", { uri: resource.uri ?? "" });
      await list("resources/templates/list", "resourceTemplates");
    }
  } catch (error) {
    if (!(error instanceof Stop) && !(error instanceof Error)) throw error;
  } finally {
    await wire.dispose().catch(() => undefined);
  }
}
