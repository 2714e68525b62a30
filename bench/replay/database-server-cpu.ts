import { readdirSync, readFileSync } from 'node:fs';
import { cpuSecondsOfStat } from '../batch/peak-rss';

/**
 * CPU seconds a `postgres` process has used so far, with that of the children it has reaped: the
 * server's postmaster collects each backend that ends, so a connection closed before the reading
 * still counts.
 */
function withReapedChildren(pid: string): number | undefined {
  if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return undefined;
  return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'), true);
}

/** CPU seconds the local PostgreSQL server's processes have used so far, ended backends included (Linux). */
function serverSeconds(): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      seconds += withReapedChildren(pid) ?? 0;
    } catch {
      // The process ended while it was being read: the postmaster's reaped children hold it now.
    }
  }
  return seconds;
}

/**
 * The CPU the database server spends from now until the returned function is called: every
 * `postgres` process on this machine, backends started or ended meanwhile included (a backend
 * that ends moves its CPU into the postmaster's reaped children, so the totals stay whole).
 * Zero where the server runs elsewhere.
 */
export function databaseServerCpu(): () => number {
  const before = serverSeconds();
  return () => serverSeconds() - before;
}
