/** Mime types by file extension: the formats skills commonly carry. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
  css: "text/css",
  xml: "application/xml",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/x-typescript",
  py: "text/x-python",
  sh: "text/x-shellscript",
  rb: "text/x-ruby",
  go: "text/x-go",
  rs: "text/x-rust",
  sql: "application/sql",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  wasm: "application/wasm",
};

/** A file's mime type from its extension (`application/octet-stream` when unknown). */
export function mimeTypeOf(file: string): string {
  const dot = file.lastIndexOf(".");
  const slash = file.lastIndexOf("/");
  if (dot <= slash + 1) return "application/octet-stream";
  return MIME_TYPES[file.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The text of some bytes when they are UTF-8 that decodes back to the same bytes (a byte order
 * mark is kept) and carry no NUL; undefined otherwise, and for formats that are binary by type.
 */
export function asText(bytes: Uint8Array, mimeType: string): string | undefined {
  if (/^(image|audio|video)\//.test(mimeType) && mimeType !== "image/svg+xml") return undefined;
  if (/^application\/(pdf|zip|wasm)$/.test(mimeType) || bytes.includes(0)) return undefined;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
