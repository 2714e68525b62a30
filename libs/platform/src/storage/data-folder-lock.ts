import { createHash, randomUUID } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    readonly holder: Holder | undefined,
  ) {
    const lockFile = join(dataDir, LOCK_FILE);
    super(
      (holder
        ? `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}): `
        : `DATA_DIR ${dataDir} is locked by ${lockFile}, which names no process: `) +
        'a PGlite data folder is opened by one process at a time. Stop that process first ' +
        `(npm run replay needs the runtime stopped), or use another DATA_DIR. If no such process runs, delete ${lockFile}.`,
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
 * Takes `<dataDir>/pglite.lock` for this process, holding its pid, host and start. The file appears
 * whole or not at all: it is written beside and hard-linked into place, which fails when the name
 * exists, so of processes starting at once exactly one links it and the others read a whole
 * holder. A lock whose process is gone (same host, pid not running) is taken over by one process
 * only (see removeAbandoned); a live holder, one on another host (a shared volume, where its pid
 * means nothing here) or a file that names no holder refuses with DataFolderInUse. Returns the
 * release, which removes the file only while it is still ours.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE);
  const text = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 10; attempt++) {
    if (createWhole(path, text))
      return () => {
        if (readIfThere(path) === text) rmSync(path, { force: true });
      };
    const holding = removeAbandoned(path, text);
    if (holding !== 'retry') throw new DataFolderInUse(folder, holding);
  }
  throw new DataFolderInUse(folder, parseHolder(readIfThere(path)));
}

/**
 * Removes the lock file at `path` if its process is gone (answering `retry`), else answers who
 * holds it. Of processes that find one dead holder at once, only the one that creates the takeover
 * marker named after that file's text removes it, and only then drops the marker: that text never
 * comes back, so a late process finds the name free or taken by a new holder. The others wait for
 * the marker to go and try again; a marker whose taker died is itself taken over the same way.
 */
function removeAbandoned(path: string, mine: string): Holder | undefined | 'retry' {
  const seen = readIfThere(path);
  if (seen === undefined) return 'retry';
  const holder = parseHolder(seen);
  if (!holder || !isGone(holder)) return holder;
  const marker = `${path}.${createHash('sha256').update(seen).digest('hex').slice(0, 16)}`;
  if (createWhole(marker, mine)) {
    if (readIfThere(path) === seen) rmSync(path, { force: true });
    rmSync(marker, { force: true });
    return 'retry';
  }
  const taker = removeAbandoned(marker, mine);
  if (taker !== 'retry') waitWhile(() => existsSync(marker), TAKEOVER_WAIT_MS);
  return 'retry';
}

/** A taker removes a dead holder's file in a few system calls; far longer means it is stuck on another host. */
const TAKEOVER_WAIT_MS = 5_000;

function waitWhile(condition: () => boolean, timeoutMs: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + timeoutMs; condition() && Date.now() < deadline;)
    Atomics.wait(pause, 0, 0, 5);
}

const isGone = (holder: Holder) =>
  holder.host === hostname() && (holder.pid === process.pid || !isAlive(holder.pid));

/** Creates `path` holding `text`, whole, unless the name exists: false then. */
function createWhole(path: string, text: string): boolean {
  const draft = `${path}.${randomUUID()}.draft`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
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
