// Measurement helpers: sequential round trips for a fixed time, repeated and interleaved.

/** Round trips per second of `call`, run back to back for `ms` milliseconds. */
export async function roundTripsPerSecond(call, payload, ms) {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    await call(payload);
    n++;
    now = performance.now();
  }
  return (n / (now - start)) * 1000;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs each contender `reps` times, interleaved, and returns the median rate of each. */
export async function compare(contenders, payload, { reps = 5, ms = 700, warmupMs = 300 } = {}) {
  const rates = new Map(contenders.map((c) => [c.name, []]));
  for (const c of contenders) await roundTripsPerSecond(c.call, payload, warmupMs);
  for (let rep = 0; rep < reps; rep++) {
    for (const c of contenders) rates.get(c.name).push(await roundTripsPerSecond(c.call, payload, ms));
  }
  return new Map([...rates].map(([name, xs]) => [name, median(xs)]));
}
