// Interleaved repetitions: every contender runs once per round, rounds repeat, medians win.
import { medianRecord } from "./stats.mjs";

/**
 * `runs` maps a contender name to an async function measuring one repetition. A warm-up round runs
 * first and is discarded. Returns name -> median of each numeric field.
 */
export async function interleaved(runs, { reps, warmup = true }) {
  const results = new Map([...runs.keys()].map((name) => [name, []]));
  if (warmup) for (const run of runs.values()) await run(true);
  for (let rep = 0; rep < reps; rep++) {
    for (const [name, run] of runs) results.get(name).push(await run(false));
  }
  return new Map([...results].map(([name, records]) => [name, medianRecord(records)]));
}
