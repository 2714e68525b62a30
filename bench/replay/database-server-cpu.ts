import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from '../batch/peak-rss';

/** CPU seconds each local PostgreSQL server process has used so far, by pid (Linux). */
function serverProcesses(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      used.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended while it was being read.
    }
  }
  return used;
}

/**
 * The CPU the database server spends from now until the returned function is called: every
 * `postgres` process on this machine, backends started meanwhile included (one that ends before
 * the reading is missed). Zero where the server runs elsewhere.
 */
export function databaseServerCpu(): () => number {
  const before = serverProcesses();
  return () => {
    let seconds = 0;
    for (const [pid, now] of serverProcesses()) seconds += now - (before.get(pid) ?? 0);
    return seconds;
  };
}
