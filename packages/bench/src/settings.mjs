// How long and how wide each workload runs: the full run, and a --quick smoke run.

export const FULL = {
  payloads: ["100 B", "10 KB", "1 MB"],
  inFlights: [1, 64],
  reps: 5,
  ms: 300,
  httpMs: 500,
  clientCounts: [1, 16, 128],
  sessions: 1000,
  coldRuns: 11,
  quick: false,
};

export const QUICK = {
  payloads: ["100 B", "10 KB", "1 MB"],
  inFlights: [1, 4],
  reps: 1,
  ms: 40,
  httpMs: 60,
  clientCounts: [1, 4],
  sessions: 20,
  coldRuns: 1,
  quick: true,
};

/** The settings one workload gets (HTTP has its own duration). */
export function settingsFor(workload, base) {
  return workload === "http" ? { ...base, ms: base.httpMs } : base;
}
