// `npm run start:distributed`: the distributed runtime on this machine (see launcher-options.ts for
// the usage, docs/operations.md for the whole story). Exit codes: 0 stopped by SIGINT or SIGTERM,
// 1 the launch failed or the broker was lost, 2 a usage error.
import { Launcher, LaunchStopped } from './launcher';
import { type LauncherOptions, parseLauncherArgs, USAGE, UsageError } from './launcher-options';

function optionsOrExit(): LauncherOptions {
  try {
    const parsed = parseLauncherArgs(process.argv.slice(2), process.env);
    if (parsed !== 'help') return parsed;
    process.stdout.write(USAGE);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(
      `start:distributed: ${error.message}\n(npm run start:distributed -- --help for the usage)\n`,
    );
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const launcher = new Launcher(optionsOrExit(), (line) => process.stdout.write(`${line}\n`));
  const stopAndExit = (code: number) =>
    launcher.stop().then(() => {
      process.stdout.write('every process stopped\n');
      process.exit(code);
    });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stdout.write(`${signal}: stopping every process\n`);
      void stopAndExit(0);
    });
  }
  launcher.lost.catch((error: Error) => {
    process.stderr.write(`start:distributed: ${error.message}; stopping every process\n`);
    void stopAndExit(1);
  });
  try {
    await launcher.start();
  } catch (error) {
    if (error instanceof LaunchStopped) return;
    process.stderr.write(`start:distributed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAndExit(1);
  }
}

void main();
