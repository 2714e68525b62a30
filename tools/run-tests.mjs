#!/usr/bin/env node
// The README's test command: formatting, typecheck, lint and every project's tests, then one total line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });

// Nx runs its project-graph plugins in this run's Nx processes rather than a worker process each:
// a run starts about 45 of those workers, each loading Node and the plugin again (decision 151).
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_ISOLATE_PLUGINS: 'false',
};
const nxArgs = process.argv.slice(2);
// Jobs at a time (TEST_SLOTS, 3 by default): each job alone waits about a third of its time, so a
// third job keeps the two cores busy while the others wait (decision 136).
const parallel = Number(process.env.TEST_SLOTS ?? 3);

// A hung task (a process a spec could not stop) must end the run with a report well inside CI's
// 90 minutes, not be cut off by it: past the deadline the whole task tree is stopped.
const deadlineMinutes = Number(process.env.TEST_DEADLINE_MINUTES ?? 60);
const running = new Set();
const queue = [];
const stopAll = (signal) => {
  queue.length = 0;
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
};
const deadline = setTimeout(() => {
  console.error(
    `\nthe tests ran past their ${deadlineMinutes}-minute deadline (TEST_DEADLINE_MINUTES); stopping them`,
  );
  stopAll('SIGTERM');
  setTimeout(() => stopAll('SIGKILL'), 30_000).unref();
}, deadlineMinutes * 60_000);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(signal));

// The CPU seconds of the children this process has reaped (user + system, their own reaped
// children included), from /proc on Linux: read at each job's exit, the step is that job's CPU.
// On a machine shared by the jobs, CPU says what each costs better than its wall time.
const reapedCpuSeconds = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
};
let lastReapedCpu = reapedCpuSeconds();

// The project graph `nx show projects` computes before the jobs start, read by ESLint's module
// boundary rule: no Nx process writes it again while the lint job reads it.
const graphDirectory = join(root, 'tmp/nx-data-graph');

const runJob = (command, args, slot, dataDirectory = join(root, `tmp/nx-data-${slot}`)) =>
  new Promise((done) => {
    // Each slot's Nx keeps its graph and task history apart: two Nx processes on one database
    // have failed each other's writes (nrwl/nx#28772).
    const slotEnv = { ...env, NX_WORKSPACE_DATA_DIRECTORY: dataDirectory };
    const child = spawn(command, args, { cwd: root, env: slotEnv, stdio: 'inherit', detached: true });
    running.add(child);
    child.once('exit', (code, signal) => {
      running.delete(child);
      const reaped = reapedCpuSeconds();
      const cpu = reaped !== undefined && lastReapedCpu !== undefined ? reaped - lastReapedCpu : undefined;
      lastReapedCpu = reaped;
      done({ status: code ?? (signal ? 1 : 0), cpu });
    });
  });

const lintAndTest = () => [
  'nx',
  'run-many',
  '-t',
  'lint',
  'test',
  '--skip-nx-cache',
  '--outputStyle=stream',
  ...nxArgs,
];
const test = (projects) => [
  'nx',
  'run-many',
  '-t',
  'test',
  '--skip-nx-cache',
  '--outputStyle=stream',
  '--parallel',
  '1',
  '--projects',
  projects.join(','),
];
// One ESLint over the whole tree does the work of every project's lint target for a fifth of the
// CPU (ESLint and its plugins load once, not 28 times); the boundary rule reads the graph above.
// Without that graph the rule would only warn that it skipped itself: the job fails instead.
const lintAll = (slot) => {
  if (existsSync(join(graphDirectory, 'project-graph.json')))
    return runJob('npx', ['eslint', '.'], slot, graphDirectory);
  console.error(`\nno project graph in ${graphDirectory}: the module boundaries cannot be checked`);
  return Promise.resolve({ status: 1, cpu: 0 });
};

// Nx starts first the projects most others depend on, so the e2e projects, which nothing depends
// on and which take longest, started last and the run ended with one of them alone. Instead
// `parallel` jobs run at a time, the longest first: each e2e project, then the other projects in
// groups of about equal weight (their spec files, an e2e spec counting as ten and a spec with real
// servers as three), then the formatting, the lint and the typecheck, the shortest, which even out
// the slots' last minutes: the run ends when its last slot does (decision 124).
const LONGEST = ['distributed-e2e', 'embedded'];
const GROUPS = 6;

function weightOf(folder) {
  let weight = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'node_modules') weight += weightOf(join(folder, entry.name));
    else if (entry.name.endsWith('.e2e.spec.ts')) weight += 10;
    else if (entry.name.endsWith('.int.spec.ts')) weight += 3;
    else if (entry.name.endsWith('.spec.ts')) weight += 1;
  }
  return weight;
}

function projectGroups() {
  const folders = new Map(
    ['apps', 'libs', 'tools', 'docs']
      .flatMap((top) => [top, ...readdirSync(join(root, top)).map((name) => join(top, name))])
      .filter((folder) => existsSync(join(root, folder, 'project.json')))
      .map((folder) => [JSON.parse(readFileSync(join(root, folder, 'project.json'), 'utf8')).name, folder]),
  );
  // Every project Nx knows is run, a project without a project.json too (weighed as nothing).
  const listed = spawnSync('npx', ['nx', 'show', 'projects', '--json'], {
    cwd: root,
    env: { ...env, NX_WORKSPACE_DATA_DIRECTORY: graphDirectory },
    encoding: 'utf8',
  });
  const names = JSON.parse(listed.stdout).filter((name) => !LONGEST.includes(name));
  const groups = Array.from({ length: GROUPS }, () => ({ projects: [], weight: 0 }));
  const weighed = names.map((name) => ({
    name,
    weight: folders.has(name) ? weightOf(join(root, folders.get(name))) : 0,
  }));
  for (const { name, weight } of weighed.sort((a, b) => b.weight - a.weight)) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.projects.push(name);
    lightest.weight += weight;
  }
  return groups.filter((group) => group.projects.length > 0).sort((a, b) => b.weight - a.weight);
}

const jobs = [
  ...(nxArgs.length > 0
    ? [{ name: 'lint and test', run: (slot) => runJob('npx', lintAndTest(), slot) }]
    : [
        ...LONGEST.map((name) => ({ name, run: (slot) => runJob('npx', test([name]), slot) })),
        ...projectGroups().map(({ projects }) => ({
          name: projects.join(', '),
          run: (slot) => runJob('npx', test(projects), slot),
        })),
        {
          name: 'format',
          run: (slot) => runJob('npx', ['prettier', '--check', '--log-level', 'warn', '.'], slot),
        },
        { name: 'lint', run: lintAll },
        // TypeScript 7's native compiler: the program TypeScript 5.9 checks, for a fraction of the CPU (decision 149).
        { name: 'typecheck', run: (slot) => runJob('npm', ['run', '--silent', 'typecheck'], slot) },
      ]),
];

const started = Date.now();
const failedJobs = [];
const jobTimes = [];
queue.push(...jobs);
const slot = async (_, index) => {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const jobStarted = Date.now();
    const { status, cpu } = await job.run(index);
    jobTimes.push({ name: job.name, seconds: Math.round((Date.now() - jobStarted) / 1000), cpu });
    if (status !== 0) {
      failedJobs.push(job.name);
      console.error(`\n${job.name} failed (exit ${status})`);
    }
  }
};
await Promise.all(Array.from({ length: nxArgs.length > 0 ? 1 : parallel }, slot));
clearTimeout(deadline);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const projects = [];
const files = [];
if (existsSync(resultsDir)) {
  for (const file of readdirSync(resultsDir)) {
    const result = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    for (const key of Object.keys(totals)) totals[key] += result[key];
    failures.push(...(result.failures ?? []));
    projects.push({
      name: result.project.replace(`${root}`, '').replace(/\/$/, ''),
      seconds: result.seconds,
    });
    files.push(...(result.files ?? []));
  }
}
// Where the time went, so the next slow spec is seen in the log that made it slow.
const slowest = (list, count) =>
  list
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(
      (entry) =>
        `${entry.name ?? entry.file} ${entry.seconds} s` +
        (entry.cpu === undefined ? '' : ` (${Math.round(entry.cpu)} CPU s)`),
    )
    .join(', ');
const cpuOfJobs = jobTimes.every((job) => job.cpu !== undefined)
  ? `, ${Math.round(jobTimes.reduce((sum, job) => sum + job.cpu, 0))} CPU s in ${parallel} slots`
  : '';
console.log(
  `\n${Math.round((Date.now() - started) / 1000)} s${cpuOfJobs}: ${slowest(jobTimes, jobTimes.length)}`,
);
console.log(`slowest projects: ${slowest(projects, 6)}`);
console.log(`slowest spec files: ${slowest(files, 8)}`);
// A file's CPU, its runtimes and brokers included, where Jest ran it in band (tools/jest/summary-reporter.js).
const costliest = files
  .filter((entry) => entry.cpu !== undefined)
  .sort((a, b) => b.cpu - a.cpu)
  .slice(0, 8)
  .map((entry) => `${entry.file} ${Math.round(entry.cpu)} CPU s`)
  .join(', ');
if (costliest) console.log(`costliest spec files: ${costliest}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const failure of failures) console.log(`  failed: ${failure}`);
process.exit(failedJobs.length > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
