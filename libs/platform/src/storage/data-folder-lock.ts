import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'pglite.lock';

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}): ` +
        'a PGlite data folder is opened by one process at a time. Stop that process first ' +
        `(npm run replay needs the runtime stopped), or use another DATA_DIR. If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataFolderInUse';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dataDir>/pglite.lock` for this process: created exclusively, holding its pid, host and
 * start. A lock whose process is gone (same host, pid not running) is taken over; a live holder,
 * or one on another host (a shared volume, where its pid means nothing here), refuses with
 * DataFolderInUse. Returns the release, which removes the file only while it is still ours.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE);
  const mine: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const text = JSON.stringify(mine);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return () => {
        if (readIfThere(path) === text) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readIfThere(path);
    const holder = parseHolder(seen);
    const gone =
      holder === undefined ||
      (holder.host === mine.host && (holder.pid === process.pid || !isAlive(holder.pid)));
    if (!gone) throw new DataFolderInUse(folder, holder);
    // Its process is gone (or a crash left the file half-written): taken over if it is still that file.
    if (readIfThere(path) === seen) rmSync(path, { force: true });
  }
  throw new DataFolderInUse(
    folder,
    parseHolder(readIfThere(path)) ?? { pid: 0, host: 'unknown', since: 'unknown' },
  );
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parseHolder(text: string | undefined): Holder | undefined {
  try {
    const holder = JSON.parse(text ?? '') as Holder;
    return Number.isSafeInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}
