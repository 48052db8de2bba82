import { ErrorCode, McpError, truncateEcho } from "@mcpkit/core";
import { DIRECTORY_MIME_TYPE } from "./constants.js";
import { fileUri } from "./names.js";
import type { PreparedSkill } from "./skill.js";

/** A child of a directory, as `resources/directory/read` lists it. */
export interface DirectoryChild {
  readonly uri: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size?: number;
}

/**
 * Every directory of the skills (each skill's root and the folders under it) with its direct
 * children: subdirectories first (`inode/directory`), then files, each group by name.
 */
export function directoryTree(
  skills: readonly PreparedSkill[],
): ReadonlyMap<string, readonly DirectoryChild[]> {
  const dirs = new Map<string, Map<string, DirectoryChild>>();
  const dirOf = (uri: string) => {
    let children = dirs.get(uri);
    if (!children) {
      children = new Map();
      dirs.set(uri, children);
    }
    return children;
  };
  for (const skill of skills) {
    const root = `skill://${skill.path}`;
    dirOf(root);
    for (const file of skill.files) {
      const segments = file.path.split("/");
      let parent = root;
      for (let i = 0; i < segments.length - 1; i++) {
        const folder = segments.slice(0, i + 1).join("/");
        const uri = fileUri(skill.path, folder);
        dirOf(parent).set(uri, { uri, name: segments[i] as string, mimeType: DIRECTORY_MIME_TYPE });
        dirOf(uri);
        parent = uri;
      }
      const name = segments[segments.length - 1] as string;
      dirOf(parent).set(file.uri, { uri: file.uri, name, mimeType: file.mimeType, size: file.bytes.length });
    }
  }
  const byKindThenName = (a: DirectoryChild, b: DirectoryChild) =>
    Number(b.mimeType === DIRECTORY_MIME_TYPE) - Number(a.mimeType === DIRECTORY_MIME_TYPE) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return new Map([...dirs].map(([uri, children]) => [uri, [...children.values()].sort(byKindThenName)]));
}

/** The -32602 for a URI that is not a directory of a served skill. */
export function notADirectory(uri: string): McpError {
  const echoed = truncateEcho(uri);
  return new McpError(ErrorCode.InvalidParams, `Not a skill directory: ${echoed}`, { uri: echoed });
}
