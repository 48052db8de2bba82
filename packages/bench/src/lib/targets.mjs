// A target is a ratio of mcpkit to an official SDK (or the raw baseline), checked in the same run.

/**
 * Checks mcpkit's `ours` against the most favourable of `theirs` (name -> value): for "higher"
 * metrics the ratio is ours / best of theirs and must be >= goal; for "lower" metrics it is
 * ours / best (lowest) of theirs and must be <= goal. `ceiling`, when given, is what the raw
 * baseline measured: its ratio against the same contender shows how far the goal is reachable.
 * `beside` (name -> value) are contenders the goal does not judge, whose ratios are shown next to
 * it (ours / theirs), e.g. the official SDKs beside a target set against the raw baseline.
 */
export function target({ title, ours, theirs, better, goal, ceiling, beside }) {
  const values = Object.entries(theirs).filter(([, v]) => Number.isFinite(v));
  if (values.length === 0 || !Number.isFinite(ours))
    return { title, goal, better, ratio: Number.NaN, met: false };
  const [against, value] = values.reduce((a, b) =>
    (better === "higher" ? b[1] > a[1] : b[1] < a[1]) ? b : a,
  );
  const ratio = ours / value;
  const met = better === "higher" ? ratio >= goal : ratio <= goal;
  const result = { title, goal, better, against, ratio, met };
  const shown = Object.entries(beside ?? {}).filter(([, v]) => Number.isFinite(v));
  if (shown.length > 0) result.besideRatios = Object.fromEntries(shown.map(([who, v]) => [who, ours / v]));
  return Number.isFinite(ceiling) ? { ...result, ceilingRatio: ceiling / value } : result;
}

export function formatTarget(t) {
  const sign = t.better === "higher" ? "≥" : "≤";
  const ratio = Number.isFinite(t.ratio) ? `${t.ratio.toFixed(2)}x` : "n/a";
  const ceiling = t.ceilingRatio === undefined ? "" : `; the raw baseline: ${t.ceilingRatio.toFixed(2)}x`;
  const beside = Object.entries(t.besideRatios ?? {})
    .map(([who, r]) => `; ${r.toFixed(2)}x vs ${who}`)
    .join("");
  return `  ${t.met ? "MET   " : "MISSED"} ${t.title}: ${ratio} vs ${t.against ?? "?"} (goal ${sign} ${t.goal}x${ceiling}${beside})`;
}
