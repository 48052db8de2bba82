import { readListFile } from "./read-list-file.js";
import { isObject } from "../model/json.js";
import type { RunResult } from "../model/result.js";

/** The entries of an expected-failures file, per mode (docs/conformance-format.md §11). */
export interface ExpectedFailures {
  server: string[];
  client: string[];
}

const ENTRY = /^[a-z0-9][a-z0-9._/-]*(@\d{4}-\d{2}-\d{2})?(:(stdio|http|sse|ws))?$/;

/**
 * Parses an expected-failures file: JSON `{"server": [...], "client": [...]}` or the YAML subset
 * of §11 (top-level `server:` / `client:` keys, `- entry` items, `#` comments).
 * @example
 * parseExpectedFailures("server:\n  - tools/list@2025-06-18\n", "expected.yaml");
 */
export function parseExpectedFailures(text: string, file: string): ExpectedFailures {
  const out: ExpectedFailures = { server: [], client: [] };
  const add = (mode: "server" | "client", entry: string, where: string) => {
    if (!ENTRY.test(entry)) throw new Error(`${file}: ${where}: "${entry}" is not ID[@REVISION][:TRANSPORT]`);
    out[mode].push(entry);
  };
  if (text.trimStart().startsWith("{")) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
    }
    if (!isObject(doc)) throw new Error(`${file}: expected an object with "server" and/or "client" lists`);
    for (const mode of ["server", "client"] as const) {
      const list = doc[mode];
      if (list === undefined) continue;
      if (!Array.isArray(list) || !list.every((e) => typeof e === "string")) {
        throw new Error(`${file}: "${mode}" must be a list of strings`);
      }
      for (const entry of list) add(mode, entry as string, mode);
    }
    return out;
  }
  let mode: "server" | "client" | undefined;
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const line = rawLine.replace(/(^|\s)#.*$/, "").trimEnd();
    if (line.trim() === "") return;
    const where = `line ${i + 1}`;
    const key = /^(server|client):\s*(\[\s*\])?$/.exec(line);
    if (key) {
      mode = key[1] as "server" | "client";
      return;
    }
    const item = /^\s+-\s+(?:"([^"]*)"|'([^']*)'|(\S+))$/.exec(line);
    if (!item || mode === undefined) {
      throw new Error(`${file}: ${where}: expected "server:", "client:" or "  - ID[@REVISION][:TRANSPORT]"`);
    }
    add(mode, (item[1] ?? item[2] ?? item[3]) as string, where);
  });
  return out;
}

/** Reads and parses an expected-failures file. */
export function readExpectedFailures(file: string): ExpectedFailures {
  return parseExpectedFailures(readListFile(file, "expected-failures file"), file);
}

/** True when an entry names this run. */
export function entryMatches(
  entry: string,
  result: Pick<RunResult, "transcript" | "revision" | "transport">,
): boolean {
  const m = /^([^@:]+)(?:@([^:]+))?(?::(.+))?$/.exec(entry);
  if (!m) return false;
  return (
    m[1] === result.transcript &&
    (m[2] === undefined || m[2] === result.revision) &&
    (m[3] === undefined || m[3] === result.transport)
  );
}

/** Sets each result's verdict from its status and the expected-failures entries. */
export function applyExpectedFailures(results: RunResult[], entries: readonly string[]): void {
  for (const result of results) {
    const listed = entries.some((entry) => entryMatches(entry, result));
    if (!listed || result.status === "skipped") result.verdict = result.status;
    else result.verdict = result.status === "failed" ? "expected-failure" : "unexpected-pass";
  }
}
