import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The standalone verifier as an auditor runs it: plain node, nothing of the project loaded. */
export const standaloneVerify = (bundle: string) => run(['tools/audit-verify/verify.mjs', bundle]);

/** `npm run replay -- <args>` as an operator runs it. */
export const replay = (args: string[], env: Record<string, string>) =>
  run(['-r', './tools/ts-runtime/register.js', 'tools/replay/replay.ts', ...args], env);

/** The breaks the standalone verifier printed, as `stream S revision R` or `checkpoint K` and the problem. */
export const brokenLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('BROKEN'));
