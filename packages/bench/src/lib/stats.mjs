// Small statistics helpers: medians across repetitions, percentiles within one run.

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The median of each numeric field over a list of same-shaped records. */
export function medianRecord(records) {
  const out = {};
  for (const key of Object.keys(records[0] ?? {})) {
    if (typeof records[0][key] === "number") out[key] = median(records.map((r) => r[key]));
  }
  return out;
}
