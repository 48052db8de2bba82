import type { CallOptions, Client, ClientExtension } from "@mcpkit/client";
import { SKILLS_EXTENSION } from "./constants.js";
import { fromBase64, sha256Digest, utf8 } from "./digest.js";
import { checkEntry } from "./entry.js";
import { SkillVerificationError } from "./errors.js";
import { jsonEqual, parseSkillMd } from "./frontmatter.js";
import { skillDirectory } from "./names.js";
import type { JsonValue, SkillEntry, SkillFrontmatter } from "./wire.js";

/**
 * The client side of the skills extension: list it in `new Client({ extensions: [...] })` to opt
 * in (client extensions are off until the application asks). The client then declares
 * `io.modelcontextprotocol/skills`, and the helpers of this package ({@link listSkills},
 * {@link loadSkill}, {@link readSkillFile}) work with servers that declare it too.
 *
 * @example
 * ```ts
 * import { Client } from "@mcpkit/client";
 * import { skillsClient } from "@mcpkit/skills";
 *
 * const client = new Client({ clientInfo: { name: "host", version: "1.0.0" }, extensions: [skillsClient()] });
 * ```
 */
export function skillsClient(): ClientExtension {
  return { id: SKILLS_EXTENSION, install() {} };
}

/** Throws unless this client opted in and the server declared the extension. */
function requireSkills(client: Client): void {
  const ours = client.capabilities.extensions as Record<string, unknown> | undefined;
  if (!ours?.[SKILLS_EXTENSION])
    throw new Error(`skills are off on this client: add skillsClient() to the Client's extensions`);
  if (!client.serverExtensions[SKILLS_EXTENSION])
    throw new Error(`the server did not declare the ${SKILLS_EXTENSION} extension`);
}

/** Options of {@link listSkills}. */
export interface ListSkillsOptions extends CallOptions {
  /** Most pages to follow (default 100); a server that keeps sending cursors past it is an error. */
  readonly maxPages?: number;
  /** Called with each entry that is not a valid skill entry (it is left out of the result). */
  readonly onInvalid?: (entry: unknown, reason: string) => void;
}

/**
 * Lists the server's skills (`skills/list`, every page). Reads no skill file: hosts must not fetch
 * a skill's files before it is loaded. Entries that break the extension's rules (no SKILL.md URI, a
 * name that is not the path's last segment, resources without digests...) are left out and reported
 * to `onInvalid`.
 *
 * @example
 * ```ts
 * declare const client: import("@mcpkit/client").Client;
 * for (const skill of await listSkills(client)) console.log(skill.frontmatter.name, skill.frontmatter.description);
 * ```
 */
export async function listSkills(client: Client, options: ListSkillsOptions = {}): Promise<SkillEntry[]> {
  requireSkills(client);
  const maxPages = options.maxPages ?? 100;
  const skills: SkillEntry[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const result = await client.request("skills/list", cursor === undefined ? {} : { cursor }, options);
    for (const item of Array.isArray(result.skills) ? result.skills : []) {
      const entry = checkEntry(item);
      if (typeof entry === "string") options.onInvalid?.(item, entry);
      else skills.push(entry);
    }
    const next = result.nextCursor;
    // A null or empty nextCursor from a sloppy server ends the listing.
    if (typeof next !== "string" || next === "") return skills;
    if (seen.has(next)) throw new Error(`skills/list repeated the cursor ${JSON.stringify(next)}`);
    seen.add(next);
    cursor = next;
  }
  throw new Error(`skills/list had more than ${maxPages} pages`);
}

/**
 * One skill's entry by the URI of its SKILL.md (`skills/get`); an unknown URI rejects with the
 * server's -32602 `McpError`, an invalid entry with a `TypeError`.
 *
 * @example
 * ```ts
 * declare const client: import("@mcpkit/client").Client;
 * const entry = await getSkill(client, "skill://pdf-processing/SKILL.md");
 * ```
 */
export async function getSkill(client: Client, uri: string, options?: CallOptions): Promise<SkillEntry> {
  requireSkills(client);
  const result = await client.request("skills/get", { uri }, options);
  const entry = checkEntry(result.skill);
  if (typeof entry === "string") throw new TypeError(`skills/get answered an invalid entry: ${entry}`);
  if (entry.uri !== uri) throw new TypeError(`skills/get answered the entry of ${entry.uri}, not ${uri}`);
  return entry;
}

/** A skill file as read and verified. */
export interface SkillFile {
  readonly uri: string;
  readonly mimeType: string | undefined;
  /** Its raw bytes (the ones the digest covers). */
  readonly bytes: Uint8Array;
  /** Its text, when the server sent text. */
  readonly text: string | undefined;
  /** False only for a skill whose entry says `"dynamic"` (no manifest to check against). */
  readonly verified: boolean;
}

/** A loaded skill: its verified SKILL.md, and a way to read its other files on demand. */
export interface LoadedSkill {
  readonly entry: SkillEntry;
  readonly frontmatter: SkillFrontmatter;
  /** The whole SKILL.md. */
  readonly text: string;
  /** The Markdown after the frontmatter. */
  readonly body: string;
  /**
   * Reads one of the skill's files, by its path in the skill (`references/FORMS.md`) or its URI,
   * verified against the entry ({@link readSkillFile}).
   */
  read(file: string, options?: CallOptions): Promise<SkillFile>;
}

/**
 * Loads a skill: reads its SKILL.md (and nothing else), verifies its size and digest against the
 * entry, parses its YAML frontmatter and compares it field by field with the entry's. Any mismatch
 * rejects with a {@link SkillVerificationError} and the content is not returned.
 *
 * @example
 * ```ts
 * declare const client: import("@mcpkit/client").Client;
 * const [entry] = await listSkills(client);
 * if (entry) {
 *   const skill = await loadSkill(client, entry);
 *   console.log(skill.body);
 *   const forms = await skill.read("references/FORMS.md");
 *   console.log(forms.text);
 * }
 * ```
 */
export async function loadSkill(
  client: Client,
  entry: SkillEntry,
  options?: CallOptions,
): Promise<LoadedSkill> {
  const manifest = await readSkillFile(client, entry, entry.uri, options);
  if (manifest.text === undefined)
    throw new SkillVerificationError("unreadable", entry.uri, `${entry.uri}: SKILL.md did not come as text`);
  let parsed: ReturnType<typeof parseSkillMd>;
  try {
    parsed = parseSkillMd(manifest.text);
  } catch (error) {
    throw new SkillVerificationError("frontmatter", entry.uri, `${entry.uri}: ${(error as Error).message}`);
  }
  const fields = new Set([...Object.keys(parsed.frontmatter), ...Object.keys(entry.frontmatter)]);
  for (const field of fields) {
    const file: JsonValue | undefined = parsed.frontmatter[field];
    const listed: JsonValue | undefined = entry.frontmatter[field];
    if (!jsonEqual(file, listed))
      throw new SkillVerificationError(
        "frontmatter",
        entry.uri,
        `${entry.uri}: frontmatter field ${JSON.stringify(field)} is ${JSON.stringify(file ?? null)} in the file but ${JSON.stringify(listed ?? null)} in the entry`,
      );
  }
  const directory = skillDirectory(entry.uri) as string;
  return {
    entry,
    frontmatter: entry.frontmatter,
    text: manifest.text,
    body: parsed.body,
    read: (file, callOptions) =>
      readSkillFile(
        client,
        entry,
        file.includes("://") ? file : `${directory}/${file.split("/").map(encodeURIComponent).join("/")}`,
        callOptions,
      ),
  };
}

/**
 * Reads one file of a skill and verifies it against the skill's entry: the URI must be one the
 * entry lists, the byte length must equal the listed `size` and the SHA-256 the listed `digest`.
 * A mismatch rejects with a {@link SkillVerificationError}. For an entry whose resources are
 * `"dynamic"`, any file inside the skill's directory may be read, unverified (`verified: false`).
 *
 * @example
 * ```ts
 * declare const client: import("@mcpkit/client").Client;
 * declare const entry: import("@mcpkit/skills").SkillEntry;
 * const file = await readSkillFile(client, entry, "skill://pdf-processing/references/FORMS.md");
 * ```
 */
export async function readSkillFile(
  client: Client,
  entry: SkillEntry,
  uri: string,
  options?: CallOptions,
): Promise<SkillFile> {
  requireSkills(client);
  const directory = skillDirectory(entry.uri) as string;
  const listed = entry.resources === "dynamic" ? undefined : entry.resources.find((r) => r.uri === uri);
  if (entry.resources === "dynamic" ? uri !== entry.uri && !uri.startsWith(`${directory}/`) : !listed)
    throw new SkillVerificationError("not-listed", uri, `${uri} is not a file of the skill ${entry.uri}`);
  const result = await client.readResource(uri, options);
  const content = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!content) throw new SkillVerificationError("unreadable", uri, `${uri}: the server returned no content`);
  const text = "text" in content && typeof content.text === "string" ? content.text : undefined;
  const blob = "blob" in content && typeof content.blob === "string" ? content.blob : undefined;
  const bytes = text !== undefined ? utf8(text) : blob !== undefined ? fromBase64(blob) : undefined;
  if (!bytes)
    throw new SkillVerificationError("unreadable", uri, `${uri}: the content is neither text nor base64`);
  if (listed) {
    if (bytes.length !== listed.size)
      throw new SkillVerificationError(
        "size",
        uri,
        `${uri}: ${bytes.length} bytes read, but the skill's entry lists ${listed.size}`,
      );
    const digest = await sha256Digest(bytes);
    if (digest !== listed.digest)
      throw new SkillVerificationError(
        "digest",
        uri,
        `${uri}: the content's digest ${digest} differs from the listed ${listed.digest}`,
      );
  }
  return { uri, mimeType: content.mimeType, bytes, text, verified: listed !== undefined };
}
