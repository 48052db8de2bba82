/** `code` with every `var X = class _X…` renamed to `var X = class X…`, or `code` itself if none. */
export function restoreClassNames(code: string, fileName?: string): string;
