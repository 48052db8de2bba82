import type { ContractMessage, ContractPayload, ContractRequest, RequestId } from "./types.js";

/** Text a framing layer must carry untouched: quotes, backslashes, control and line-separator characters, multi-byte and astral characters, a lone surrogate. */
export const AWKWARD_TEXT =
  'line 1\nline 2\r\n\t"quoted" \\ back\\slash \u2028\u2029 é € 😀 \u0000 \ud800 end';

/**
 * `count` distinct payloads of every kind, in a fixed order: requests with numeric and string
 * ids, notifications with and without params, results, errors (one with a null id) and, when
 * `batches`, a batch array every 50th. `tag` is in every payload so two streams never match.
 */
export function mixedPayloads(count: number, tag: string, batches: boolean): ContractPayload[] {
  const payloads: ContractPayload[] = [];
  for (let i = 0; i < count; i++) {
    if (batches && i % 50 === 49) {
      payloads.push([requestWithStringId(tag, i), notification(tag, i), result(tag, i)]);
      continue;
    }
    payloads.push(messageOfKind(tag, i));
  }
  return payloads;
}

function messageOfKind(tag: string, i: number): ContractMessage {
  switch (i % 6) {
    case 0:
      return {
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: {
          name: `${tag}-tool-${i}`,
          arguments: { n: i, list: [1, "two", null, true, 3.5, { deep: [[]] }] },
        },
      };
    case 1:
      return requestWithStringId(tag, i);
    case 2:
      return notification(tag, i);
    case 3:
      return result(tag, i);
    case 4:
      return {
        jsonrpc: "2.0",
        id: i % 12 === 4 ? null : `${tag}-error-${i}`,
        error: { code: -32602, message: `${tag} invalid params ${i}`, data: { index: i, why: AWKWARD_TEXT } },
      };
    default:
      return { jsonrpc: "2.0", method: `notifications/${tag}/bare-${i}` };
  }
}

function requestWithStringId(tag: string, i: number): ContractRequest {
  return {
    jsonrpc: "2.0",
    id: `${tag}:${i}`,
    method: "resources/read",
    params: {
      uri: `file:///${tag}/é/😀/${i}`,
      text: AWKWARD_TEXT,
      big: Number.MAX_SAFE_INTEGER,
      small: -1e-7,
    },
  };
}

function notification(tag: string, i: number): ContractMessage {
  return {
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: `${tag}-${i}`, progress: i / 4, total: 1e21, message: "" },
  };
}

function result(tag: string, i: number): ContractMessage {
  return {
    jsonrpc: "2.0",
    id: i,
    result: { content: [{ type: "text", text: `${tag} result ${i}` }], isError: false, empty: {} },
  };
}

/**
 * A string of exactly `bytes` UTF-8 bytes built from a 16-byte unit with 1-, 2-, 3- and 4-byte
 * characters and the characters JSON must escape; `bytes` at least 16.
 */
export function largeString(bytes: number): string {
  const unit = 'a"\\\né€😀\u2028'; // 1+1+1+1+2+3+4+3 = 16 bytes
  const units = Math.floor(bytes / 16);
  return unit.repeat(units) + "a".repeat(bytes - units * 16);
}

/** The large-message check's request: `bytes` of string in its params, then another field. */
export function largeRequest(bytes: number): ContractRequest {
  return {
    jsonrpc: "2.0",
    id: "large-1",
    method: "contract/large",
    params: { data: largeString(bytes), after: "the field after the large string" },
  };
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A notification whose `JSON.stringify` is exactly `bytes` UTF-8 bytes long. */
export function notificationOfSize(bytes: number, tag: string): ContractMessage {
  const empty = JSON.stringify({ jsonrpc: "2.0", method: `contract/${tag}`, params: { pad: "" } });
  const padding = bytes - utf8Length(empty);
  if (padding < 0) throw new RangeError(`cannot build a ${bytes}-byte notification`);
  return { jsonrpc: "2.0", method: `contract/${tag}`, params: { pad: "x".repeat(padding) } };
}

/** A deterministic shuffle (a linear congruential generator), so a failure reproduces. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    const held = out[i] as T;
    out[i] = out[j] as T;
    out[j] = held;
  }
  return out;
}

/** Tells `1` from `"1"`: ids keep their type across the wire. */
export function idKey(id: RequestId | null | undefined): string {
  return `${typeof id}:${String(id)}`;
}
