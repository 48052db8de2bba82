// Plain-text tables for the console.

const fmt = (value, digits) =>
  typeof value === "number" ? (Number.isFinite(value) ? value.toFixed(digits) : "n/a") : String(value);

/** Prints rows (objects) with columns [key, header, digits]. */
export function printTable(rows, columns) {
  const cells = rows.map((row) => columns.map(([key, , digits = 0]) => fmt(row[key], digits)));
  const widths = columns.map(([, header], i) => Math.max(header.length, ...cells.map((c) => c[i].length)));
  const line = (values) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join("  ");
  console.log(line(columns.map(([, header]) => header)));
  for (const c of cells) console.log(line(c));
}

export function bytes(n) {
  if (!Number.isFinite(n)) return "n/a";
  if (Math.abs(n) >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (Math.abs(n) >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} KiB`;
  return `${Math.round(n)} B`;
}
