import { ErrorCode, type JsonObject, McpError, truncateEcho } from "@mcpkit/core";
import type { CacheHint, ServerContext, ServerExtension } from "@mcpkit/server";
import { SKILL_MD, SKILLS_EXTENSION } from "./constants.js";
import { toBase64 } from "./digest.js";
import { directoryTree, notADirectory } from "./directory.js";
import { MAX_PAGE_SIZE, page } from "./pages.js";
import { type PreparedSkill, prepareSkill, type SkillLimits, type SkillSource } from "./skill.js";

/** Options of {@link skillsExtension}. */
export interface SkillsExtensionOptions extends SkillLimits {
  /** The skills to serve, in listing order. Each is validated when the extension is created. */
  readonly skills: readonly SkillSource[];
  /** Entries per `skills/list` page (default 50, at most 1000). */
  readonly pageSize?: number;
  /**
   * Cache hints of `skills/list` and `skills/get` results at 2026-07-28 (both default to
   * `{ ttlMs: 60_000, cacheScope: "public" }`: the skills are fixed once installed).
   */
  readonly cache?: { readonly list?: CacheHint; readonly get?: CacheHint };
  /**
   * Also serve `resources/directory/read` on skill directories, and declare `directoryRead: true`
   * (default false).
   */
  readonly directoryRead?: boolean;
}

const DEFAULT_CACHE: CacheHint = { ttlMs: 60_000, cacheScope: "public" };

function cacheFields(ctx: ServerContext, hint: CacheHint): JsonObject {
  return ctx.era === "stateless" ? { ttlMs: hint.ttlMs, cacheScope: hint.cacheScope } : {};
}

function uriParam(params: Readonly<Record<string, unknown>>): string {
  const { uri } = params;
  if (typeof uri !== "string")
    throw new McpError(ErrorCode.InvalidParams, "Invalid params: uri must be a string", {
      pointer: "/params/uri",
    });
  return uri;
}

/**
 * The skills extension (SEP-2640, `io.modelcontextprotocol/skills`) for a server: each skill's
 * files become `skill://` resources (SKILL.md as `text/markdown`, named and described from its
 * frontmatter), and the server answers `skills/list` (paginated) and `skills/get` with entries
 * carrying each file's `sha256:` digest and size, so clients can verify what they read.
 *
 * Skills are validated when this is called (names, frontmatter, paths, the 512-file and 16 MiB
 * limits): a bad skill throws here, not at the first request. `skills/list` and `skills/get` serve
 * every client, declared or not: they need nothing from the client.
 *
 * @example
 * ```ts
 * import { Server } from "@mcpkit/server";
 * import { skillsExtension } from "@mcpkit/skills";
 *
 * const server = new Server({ name: "s", version: "1.0.0" }, {
 *   extensions: [
 *     skillsExtension({
 *       skills: [
 *         {
 *           files: {
 *             "SKILL.md": "---\nname: pdf-processing\ndescription: Work with PDF files\n---\n# PDF\n",
 *             "references/FORMS.md": "# Filling forms\n",
 *           },
 *         },
 *       ],
 *     }),
 *   ],
 * });
 * ```
 */
export function skillsExtension(options: SkillsExtensionOptions): ServerExtension {
  const pageSize = options.pageSize ?? 50;
  if (!(Number.isInteger(pageSize) && pageSize > 0 && pageSize <= MAX_PAGE_SIZE))
    throw new RangeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  const skills: PreparedSkill[] = options.skills.map((source) => prepareSkill(source, options));
  const byUri = new Map<string, PreparedSkill>();
  for (const skill of skills) {
    if (byUri.has(skill.uri)) throw new Error(`two skills are served at ${skill.uri}`);
    byUri.set(skill.uri, skill);
  }
  const listCache = options.cache?.list ?? DEFAULT_CACHE;
  const getCache = options.cache?.get ?? DEFAULT_CACHE;
  const directoryRead = options.directoryRead === true;

  return {
    id: SKILLS_EXTENSION,
    settings: directoryRead ? { directoryRead: true } : {},
    install(api) {
      for (const skill of skills) {
        for (const file of skill.files) {
          const manifest = file.path === SKILL_MD;
          api.server.resource(
            {
              uri: file.uri,
              name: manifest ? skill.name : `${skill.name}/${file.path}`,
              ...(manifest ? { description: skill.frontmatter.description } : {}),
              mimeType: file.mimeType,
              size: file.bytes.length,
            },
            (uri) => ({
              contents: [
                file.text === undefined
                  ? { uri, mimeType: file.mimeType, blob: toBase64Once(file) }
                  : { uri, mimeType: file.mimeType, text: file.text },
              ],
            }),
          );
        }
      }
      api.request(
        "skills/list",
        async (params, ctx) => {
          const found = page(skills, params.cursor, pageSize);
          const entries = await Promise.all(found.items.map((skill) => skill.entry()));
          return {
            skills: entries as unknown as JsonObject[],
            ...(found.nextCursor === undefined ? {} : { nextCursor: found.nextCursor }),
            ...cacheFields(ctx, listCache),
          };
        },
        { requireDeclared: false },
      );
      api.request(
        "skills/get",
        async (params, ctx) => {
          const uri = uriParam(params);
          const skill = byUri.get(uri);
          if (!skill) {
            const echoed = truncateEcho(uri);
            throw new McpError(ErrorCode.InvalidParams, `Unknown skill: ${echoed}`, { uri: echoed });
          }
          return { skill: (await skill.entry()) as unknown as JsonObject, ...cacheFields(ctx, getCache) };
        },
        { requireDeclared: false },
      );
      if (directoryRead) {
        const tree = directoryTree(skills);
        api.request(
          "resources/directory/read",
          (params, ctx) => {
            const uri = uriParam(params);
            const children = tree.get(uri);
            if (!children) throw notADirectory(uri);
            const found = page(children, params.cursor, pageSize);
            return {
              resources: found.items as unknown as JsonObject[],
              ...(found.nextCursor === undefined ? {} : { nextCursor: found.nextCursor }),
              ...cacheFields(ctx, listCache),
            };
          },
          { requireDeclared: false },
        );
      }
    },
  };
}

const base64Cache = new WeakMap<object, string>();

/** A binary file's base64, computed once. */
function toBase64Once(file: { readonly bytes: Uint8Array }): string {
  let encoded = base64Cache.get(file);
  if (encoded === undefined) {
    encoded = toBase64(file.bytes);
    base64Cache.set(file, encoded);
  }
  return encoded;
}
