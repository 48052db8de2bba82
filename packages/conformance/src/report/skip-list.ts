import { readListFile } from "./read-list-file.js";
import { isObject } from "../model/json.js";
import type { RunResult } from "../model/result.js";

/** One run (or group of runs) not to execute, and why (docs/conformance-format.md §11.1). */
export interface SkipEntry {
  /** `ID[@REVISION][:TRANSPORT]`; `*` in ID is a wildcard. */
  entry: string;
  /** Why these runs do not apply to the implementation, shown in reports. */
  reason: string;
}

/** The entries of a skip file, per mode. */
export interface SkipList {
  server: SkipEntry[];
  client: SkipEntry[];
}

const ENTRY = /^[a-z0-9*][a-z0-9._/*-]*(@\d{4}-\d{2}-\d{2})?(:(stdio|http|sse|ws))?$/;

/**
 * Parses a skip file: JSON `{"server": [{"entry": ID[@REVISION][:TRANSPORT], "reason": text}],
 * "client": [...]}`. Why JSON only: every entry needs a reason, and the reason must survive into
 * reports (a comment would not).
 * @example
 * parseSkipList('{"server": [{"entry": "server/prompts/*", "reason": "no prompt fixtures"}]}', "skip.json");
 */
export function parseSkipList(text: string, file: string): SkipList {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(doc)) throw new Error(`${file}: expected an object with "server" and/or "client" lists`);
  const out: SkipList = { server: [], client: [] };
  for (const mode of ["server", "client"] as const) {
    const list = doc[mode];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`${file}: "${mode}" must be a list`);
    list.forEach((item, i) => {
      const where = `${file}: ${mode}[${i}]`;
      if (!isObject(item) || typeof item.entry !== "string" || typeof item.reason !== "string") {
        throw new Error(`${where}: expected {"entry": "ID[@REVISION][:TRANSPORT]", "reason": "..."}`);
      }
      if (!ENTRY.test(item.entry))
        throw new Error(`${where}: "${item.entry}" is not ID[@REVISION][:TRANSPORT]`);
      if (item.reason.trim() === "") throw new Error(`${where}: "reason" must say why the runs are skipped`);
      out[mode].push({ entry: item.entry, reason: item.reason });
    });
  }
  return out;
}

/** Reads and parses a skip file. */
export function readSkipList(file: string): SkipList {
  return parseSkipList(readListFile(file, "skip file"), file);
}

/** The first skip entry that names this run, if any. */
export function findSkip(
  entries: readonly SkipEntry[],
  run: Pick<RunResult, "transcript" | "revision" | "transport">,
): SkipEntry | undefined {
  return entries.find(({ entry }) => {
    const m = /^([^@:]+)(?:@([^:]+))?(?::(.+))?$/.exec(entry);
    if (!m) return false;
    const id = new RegExp(
      `^${(m[1] as string).replace(/[.+?^${}()|[\]\\/]/g, "\\$&").replace(/\*/g, ".*")}$`,
    );
    return (
      id.test(run.transcript) &&
      (m[2] === undefined || m[2] === run.revision) &&
      (m[3] === undefined || m[3] === run.transport)
    );
  });
}
