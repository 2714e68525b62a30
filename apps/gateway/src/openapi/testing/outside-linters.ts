import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../../../..');

export interface Finding {
  severity: 'error' | 'warning';
  rule: string;
  where: string;
  message: string;
}

/** Runs a linter's CLI from node_modules on the document file; its JSON report on stdout. */
function run(cli: string, args: string[]): string {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', cli), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const start = result.stdout.search(/[[{]/);
  if (start < 0) throw new Error(`${cli} printed no report (exit ${result.status}): ${result.stderr}`);
  return result.stdout.slice(start);
}

/** Redocly CLI's errors and warnings on a document file, with the repository's `redocly.yaml`. */
export function redocly(file: string): Finding[] {
  const report = JSON.parse(
    run('@redocly/cli/bin/cli.js', ['lint', file, '--config', 'redocly.yaml', '--format', 'json']),
  ) as { problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] };
  return report.problems.map((problem) => ({
    severity: problem.severity === 'error' ? 'error' : 'warning',
    rule: problem.ruleId,
    where: problem.location[0]?.pointer ?? '',
    message: problem.message,
  }));
}

/** Spectral's errors and warnings on a document file, with the repository's `.spectral.yaml`. */
export function spectral(file: string): Finding[] {
  const report = JSON.parse(
    run('@stoplight/spectral-cli/dist/index.js', [
      'lint',
      file,
      '--ruleset',
      '.spectral.yaml',
      '--format',
      'json',
      '--quiet',
    ]),
  ) as { severity: number; code: string; message: string; path: string[] }[];
  // Severity 0 is an error, 1 a warning; hints and information are not counted.
  return report
    .filter((finding) => finding.severity <= 1)
    .map((finding) => ({
      severity: finding.severity === 0 ? 'error' : 'warning',
      rule: finding.code,
      where: finding.path.join('.'),
      message: finding.message,
    }));
}
