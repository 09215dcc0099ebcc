import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU milliseconds (user + system) a process has used so far; NaN where /proc is absent. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    // Fields after the command name (which may hold spaces) start at ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
