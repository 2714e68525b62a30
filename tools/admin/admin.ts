import { randomUUID } from 'node:crypto';
import {
  type AdminCall,
  EMBEDDED_SANDBOX_ADMIN_KEY,
  parseCommand,
  UsageError,
  USAGE,
} from './admin-commands';
import { formatAnswer } from './format-answer';

async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help || !parsed.call) {
    process.stdout.write(USAGE);
    return 0;
  }
  const baseUrl = (process.env['ADMIN_API_URL'] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  let adminKey = process.env['ADMIN_API_KEY']?.trim();
  if (!adminKey) {
    adminKey = EMBEDDED_SANDBOX_ADMIN_KEY;
    process.stderr.write("ADMIN_API_KEY is unset: using the embedded runtime's sandbox admin key.\n");
  }
  return call(baseUrl, adminKey, parsed.call, parsed.json);
}

async function call(baseUrl: string, adminKey: string, command: AdminCall, json: boolean): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${command.path}`, {
      method: command.method,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(command.body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: command.body ? JSON.stringify(command.body) : undefined,
    });
  } catch (error) {
    process.stderr.write(`Cannot reach the service at ${baseUrl}: ${(error as Error).message}\n`);
    return 3;
  }
  const text = await response.text();
  let body: { success?: boolean; message?: string; data?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.ok && body?.success) {
    process.stdout.write(
      json ? `${JSON.stringify(body.data, null, 2)}\n` : formatAnswer(command.show, body.data),
    );
    return 0;
  }
  const reason = body?.message ?? (text.slice(0, 200) || response.statusText);
  process.stderr.write(`${response.status}: ${reason}\n`);
  if (response.status === 404 && command.path.startsWith('/admin') && body?.message === 'Not found.')
    process.stderr.write('The admin API is closed: the service runs without ADMIN_API_KEY.\n');
  if (body?.data && typeof body.data === 'object')
    for (const [field, messages] of Object.entries(body.data as Record<string, string[]>))
      process.stderr.write(`  ${field}: ${[messages].flat().join(' ')}\n`);
  return response.status >= 500 ? 3 : 1;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(3);
  },
);
