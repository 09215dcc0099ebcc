import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU milliseconds (user + system) a process has used so far; NaN where /proc is absent. */
export function processCpuMs(pid: number | undefined): number {
  return pid === undefined ? NaN : statCpuMs(`/proc/${pid}/stat`);
}

/** The same for a process's main thread only (the JavaScript event loop), without its helper threads. */
export function mainThreadCpuMs(pid: number | undefined): number {
  return pid === undefined ? NaN : statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuMs(path: string): number {
  try {
    // Fields after the command name (which may hold spaces) start at ") ".
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/**
 * CPU milliseconds the hypervisor gave to other guests while this machine's cores wanted to run
 * ("steal" in /proc/stat, summed over cores); NaN where /proc is absent. On a shared virtual machine this
 * is what makes the same benchmark slower in one hour than in another.
 */
export function machineStealMs(): number {
  try {
    const cpuLine = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // "cpu  user nice system idle iowait irq softirq steal ..."
    return (Number(cpuLine.trim().split(/\s+/)[8]) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
