import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createOpenApiDocument } from './openapi-document';
import { createGatewayDocumentApp } from './testing/gateway-document-app';

const REPO_ROOT = resolve(__dirname, '../../../..');

interface Finding {
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

function redocly(file: string): Finding[] {
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

function spectral(file: string): Finding[] {
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

/**
 * Two outside linters read the document the gateway serves: Redocly's `recommended` rules and
 * Spectral's `spectral:oas`. Neither may find an error, and neither a warning that
 * docs/api-conventions.md does not justify (none is justified today).
 */
describe('the OpenAPI document under outside linters', () => {
  let file: string;

  beforeAll(async () => {
    const gateway = await createGatewayDocumentApp();
    try {
      file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
      writeFileSync(file, JSON.stringify(createOpenApiDocument(gateway.app)));
    } finally {
      await gateway.close();
    }
  });

  it('passes Redocly CLI (recommended) without an error or a warning', () => {
    expect(redocly(file)).toEqual([]);
  }, 120_000);

  it('passes Spectral (spectral:oas) without an error or a warning', () => {
    expect(spectral(file)).toEqual([]);
  }, 120_000);
});
