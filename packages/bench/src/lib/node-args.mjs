// Node arguments for a server child. BENCH_CHILD_PROF_DIR=/dir makes every server child write a
// CPU profile there on exit (node 20 refuses --cpu-prof in NODE_OPTIONS).

export function profileFlags() {
  const dir = process.env.BENCH_CHILD_PROF_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** Arguments for `node` running `script` in `mode` (stdio or http). */
export const serverArgs = (script, mode) => [...profileFlags(), script, mode];
