import { readFileSync } from 'node:fs';

/** Peak resident set size of a process in MB (VmHWM from /proc; Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Linux's clock ticks per second in /proc (USER_HZ), 100 on every common build. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far, all its threads together (utime + stime from /proc; Linux). */
export function cpuSeconds(pid: number): number {
  return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU seconds a process's main thread (its JavaScript event loop) has used so far. */
export function mainThreadCpuSeconds(pid: number): number {
  return cpuSecondsOfStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
}

/**
 * CPU seconds in a /proc `stat` line: utime + stime, and with `reapedChildren` also the cutime +
 * cstime of the children the process has waited for.
 */
export function cpuSecondsOfStat(stat: string, reapedChildren = false): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  const children = reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + children) / TICKS_PER_SECOND;
}
