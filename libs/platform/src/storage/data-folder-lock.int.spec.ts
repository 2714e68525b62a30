import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eventually, REPO_ROOT, TS_RUNTIME } from '@shipping/testing';
import { LOCK_FILE } from './data-folder-lock';

const CONTENDERS = 20;

interface Contender {
  child: ChildProcessWithoutNullStreams;
  said: string[];
  exited: Promise<unknown>;
}

function contender(dataDir: string): Contender {
  const child = spawn(process.execPath, [...TS_RUNTIME, join(__dirname, 'data-folder-lock.fixture.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const said: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => said.push(line));
  child.stderr.resume();
  return { child, said, exited: new Promise((done) => child.once('exit', done)) };
}

const lastWord = (contender: Contender) =>
  contender.said.find((line) => line === 'locked' || line.startsWith('refused: '));

/** Starts `count` contenders, lets them all try at once, and answers each one's outcome. */
async function race(
  dataDir: string,
  count: number,
): Promise<{ contenders: Contender[]; outcomes: string[] }> {
  const contenders = Array.from({ length: count }, () => contender(dataDir));
  await eventually(
    async () => (contenders.every((one) => one.said.includes('ready')) ? true : undefined),
    120_000,
  );
  for (const one of contenders) one.child.stdin.write('go\n');
  const outcomes = await eventually(async () => {
    const words = contenders.map(lastWord);
    return words.every((word) => word !== undefined) ? (words as string[]) : undefined;
  }, 60_000);
  return { contenders, outcomes };
}

async function stopAll(contenders: Contender[]): Promise<void> {
  for (const one of contenders) one.child.stdin.end();
  await Promise.all(contenders.map((one) => one.exited));
}

describe('one process per PGlite data folder', () => {
  const folders: string[] = [];
  const folder = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-folder-lock-'));
    folders.push(dataDir);
    return dataDir;
  };
  afterAll(() => folders.forEach((dataDir) => rmSync(dataDir, { recursive: true, force: true })));

  it(`lets exactly one of ${CONTENDERS} processes started at once open a folder; the others are told who holds it`, async () => {
    const dataDir = folder();
    const { contenders, outcomes } = await race(dataDir, CONTENDERS);
    try {
      expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
      const winner = contenders[outcomes.indexOf('locked')];
      for (const outcome of outcomes.filter((word) => word !== 'locked'))
        expect(outcome).toContain(`DATA_DIR ${dataDir} is in use by process ${winner.child.pid}`);
    } finally {
      await stopAll(contenders);
    }
  }, 240_000);

  it(`hands a folder whose holder was killed to exactly one of ${CONTENDERS} processes started at once`, async () => {
    const dataDir = folder();
    const first = contender(dataDir);
    await eventually(async () => (first.said.includes('ready') ? true : undefined), 60_000);
    first.child.stdin.write('go\n');
    await eventually(async () => lastWord(first), 60_000);
    expect(lastWord(first)).toBe('locked');
    first.child.kill('SIGKILL');
    await first.exited;

    const { contenders, outcomes } = await race(dataDir, CONTENDERS);
    try {
      expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
      const winner = contenders[outcomes.indexOf('locked')];
      for (const outcome of outcomes.filter((word) => word !== 'locked'))
        expect(outcome).toContain(`is in use by process ${winner.child.pid}`);
    } finally {
      await stopAll(contenders);
    }
  }, 240_000);

  it('does not take a folder whose lock file is still empty (its holder has not written it yet)', async () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, LOCK_FILE), '');
    const late = contender(dataDir);
    try {
      await eventually(async () => (late.said.includes('ready') ? true : undefined), 60_000);
      late.child.stdin.write('go\n');
      expect(await eventually(async () => lastWord(late), 60_000)).toBe(
        `refused: DATA_DIR ${dataDir} is locked by ${join(dataDir, LOCK_FILE)}, which names no process: ` +
          'a PGlite data folder is opened by one process at a time. Stop that process first ' +
          `(npm run replay needs the runtime stopped), or use another DATA_DIR. If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
      );
    } finally {
      await stopAll([late]);
    }
  }, 120_000);
});
