// `npm run chaos`: a fault campaign (see chaos-options.ts for the usage, docs/operations.md for the story).
import { randomInt } from 'node:crypto';
import { runCampaign } from './campaign';
import { parseChaosArgs, USAGE, UsageError } from './chaos-options';
import { formatReport, held } from './report';

async function main(): Promise<number> {
  let options;
  try {
    options = parseChaosArgs(process.argv.slice(2), () => randomInt(2 ** 31));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`chaos: ${error.message}\n(npm run chaos -- --help for the usage)\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const report = await runCampaign({
    seed: options.seed,
    minutes: options.minutes,
    faultKinds: options.faultKinds,
    settleTimeoutMs: options.settleSeconds * 1000,
    print: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(formatReport(report));
  return held(report) ? 0 : 1;
}

// Each of the dozen app processes, the broker and Redis is killed on this process's exit: one listener each.
process.setMaxListeners(64);
// Stopped early: exiting (not dying of the signal) runs the exit hooks that kill every child.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`chaos: ${signal}, the campaign stopped before its checks\n`);
    process.exit(1);
  });
// The runtime's children are bound to this process and keep nothing alive: hold it open until done.
const keepAlive = setInterval(() => undefined, 60_000);
main().then(
  (code) => {
    clearInterval(keepAlive);
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      `chaos failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
