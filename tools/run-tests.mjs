#!/usr/bin/env node
// The README's test command: formatting, typecheck, lint and every project's tests, then one total line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const run = (command, args) => spawnSync(command, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

// A hung task (a process a spec could not stop) must end the run with a report well inside CI's
// 90 minutes, not be cut off by it: past the deadline the whole task tree is stopped.
const deadlineMinutes = Number(process.env.TEST_DEADLINE_MINUTES ?? 60);
const runWithDeadline = (command, args) =>
  new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true });
    const stopTree = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      console.error(
        `\nthe tests ran past their ${deadlineMinutes}-minute deadline (TEST_DEADLINE_MINUTES); stopping them`,
      );
      stopTree('SIGTERM');
      setTimeout(() => stopTree('SIGKILL'), 30_000).unref();
    }, deadlineMinutes * 60_000);
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopTree(signal));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done(code ?? (signal ? 1 : 0));
    });
  });

const steps = [
  ['format', () => run('npx', ['prettier', '--check', '--log-level', 'warn', '.'])],
  ['typecheck', () => run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])],
  [
    'lint and test',
    () =>
      runWithDeadline('npx', [
        'nx',
        'run-many',
        '-t',
        'lint',
        'test',
        '--skip-nx-cache',
        '--outputStyle=stream',
        ...process.argv.slice(2),
      ]),
  ],
];

let failedSteps = 0;
for (const [name, step] of steps) {
  const status = await step();
  if (status !== 0) {
    failedSteps++;
    console.error(`\n${name} failed (exit ${status})`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
if (existsSync(resultsDir)) {
  for (const file of readdirSync(resultsDir)) {
    const result = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    for (const key of Object.keys(totals)) totals[key] += result[key];
    failures.push(...(result.failures ?? []));
  }
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const failure of failures) console.log(`  failed: ${failure}`);
process.exit(failedSteps > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
