/** Plain text tables: columns padded to their widest cell, long cells cut at `maxWidth`. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  maxWidth = 60,
): string {
  const cut = (cell: string): string => {
    const flat = cell.replace(/\s+/g, " ").trim();
    return flat.length > maxWidth ? `${flat.slice(0, maxWidth - 1)}…` : flat;
  };
  const cells = [headers, ...rows].map((row) => row.map(cut));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const [head, ...body] = cells;
  return [line(head ?? []), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** A titled section: the title, then the body or `(none)`. */
export function section(title: string, body: string | undefined): string {
  return `${title}\n${body ?? "  (none)"}\n`;
}
