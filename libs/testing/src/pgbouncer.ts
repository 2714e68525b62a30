import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { boundToTestProcess, stopWithin } from './child-stop';
import { freePort } from './runtime-process';

/** Debian's `pgbouncer` package; tools/setup-debian-package.sh installs it (the platform's Jest setup runs it). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface RunningPgBouncer {
  /** `serverUrl` with PgBouncer's address in place of the server's. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of the spec's own, on a free port, pooling every database of `serverUrl`'s server
 * in `poolMode`, any client accepted. As root it runs as `nobody` (it refuses to run as root).
 */
export async function startPgBouncer(
  serverUrl: string,
  poolMode: 'session' | 'transaction',
): Promise<RunningPgBouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(
      `${PGBOUNCER} is missing: run tools/setup-debian-package.sh pgbouncer /usr/sbin/pgbouncer`,
    );
  const server = new URL(serverUrl);
  const port = await freePort();
  const folder = await mkdtemp(join(tmpdir(), 'pgbouncer-'));
  await chmod(folder, 0o755);
  const config = join(folder, 'pgbouncer.ini');
  const password = server.password ? ` password=${decodeURIComponent(server.password)}` : '';
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username)}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      `pool_mode = ${poolMode}`,
      'default_pool_size = 4',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), config], { stdio: 'ignore' });
  boundToTestProcess(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    await stopWithin(child, exited);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await answering(url.toString(), child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: url.toString(), stop };
}

async function answering(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited at start (code ${child.exitCode})`);
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (attempt >= 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
