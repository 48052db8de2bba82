// CPU time of this process (process.cpuUsage) and of a child (/proc/<pid>/stat utime+stime).
import { readFileSync } from "node:fs";

/** Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s ticks on every mainstream kernel. */
const TICK_MICROS = 10_000;

/** The child's user+system CPU time in microseconds (10 ms resolution), or NaN off Linux. */
export function childCpuMicros(pid) {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
  } catch {
    return Number.NaN;
  }
}

export function selfCpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}
