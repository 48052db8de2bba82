import { readFileSync, statSync } from "node:fs";
import { relative } from "node:path";
import type { LoadedTranscript } from "../model/transcript.js";
import { listJson } from "./requirements.js";
import type { Requirement } from "./requirements.js";
import { TranscriptError, validateTranscript } from "./validate.js";

/**
 * Loads and validates every transcript file under the given files or directories
 * (docs/conformance-format.md §1). Throws TranscriptError on the first problem, naming the file;
 * files are named relative to `cwd` when they lie under it.
 * @example
 * const transcripts = loadTranscripts(["conformance/transcripts"]);
 */
export function loadTranscripts(
  paths: readonly string[],
  requirements?: ReadonlyMap<string, Requirement>,
  cwd: string = process.cwd(),
): LoadedTranscript[] {
  const files: string[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new TranscriptError(path, "path", "no such file or directory");
    }
    files.push(...(isDir ? listJson(path) : [path]));
  }
  const seen = new Map<string, string>();
  const out: LoadedTranscript[] = [];
  for (const file of files) {
    const near = relative(cwd, file);
    const shown = near === "" || near.startsWith("..") ? file : near;
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new TranscriptError(shown, "file", `not valid JSON: ${(error as Error).message}`);
    }
    const items = Array.isArray(doc) ? doc : [doc];
    if (items.length === 0) throw new TranscriptError(shown, "file", "an empty array holds no transcript");
    items.forEach((item, i) => {
      const transcript = validateTranscript(item, Array.isArray(doc) ? `${shown}[${i}]` : shown);
      const previous = seen.get(transcript.id);
      if (previous !== undefined) {
        throw new TranscriptError(
          shown,
          `transcript "${transcript.id}"`,
          `duplicate id (also in ${previous})`,
        );
      }
      seen.set(transcript.id, shown);
      if (requirements) {
        for (const id of transcript.requirements) {
          if (!requirements.has(id)) {
            throw new TranscriptError(
              shown,
              `transcript "${transcript.id}"`,
              `unknown requirement id "${id}"`,
            );
          }
        }
      }
      out.push({ transcript, file: shown });
    });
  }
  return out.sort((a, b) =>
    a.transcript.id < b.transcript.id ? -1 : a.transcript.id > b.transcript.id ? 1 : 0,
  );
}
