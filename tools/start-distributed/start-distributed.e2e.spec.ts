import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  batchShipment,
  eventually,
  fedexPickupRates,
  freePort,
  freightOrder,
  portAnswers,
  processAlive,
  testClient,
} from '@shipping/testing';
import { Client } from 'pg';
import { createMissingDatabases, databaseUrl, dropDatabases } from './app-databases';
import { APPS } from './launcher-options';
import { REPO_ROOT, TS_RUNTIME } from './repo-root';

const ENTRY = join(REPO_ROOT, 'tools/start-distributed/start-distributed.ts');
const SERVER = process.env['TEST_DATABASE_URL_ADMIN'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 240_000;

interface Launched {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(args: string[], env: Record<string, string> = {}): Launched {
  const child = spawn(process.execPath, [...TS_RUNTIME, ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

/** `<app>#<n>  pid <pid>  <where>` lines, the latest per process name. */
function processes(output: string): Map<string, { app: string; pid: number; where: string }> {
  const found = new Map<string, { app: string; pid: number; where: string }>();
  for (const [, app, instance, pid, where] of output.matchAll(/^(\w+)#(\d+)\s+pid (\d+)\s+(\S+)/gm)) {
    found.set(`${app}#${instance}`, { app, pid: Number(pid), where });
  }
  return found;
}

function processNamed(output: string, name: string): { app: string; pid: number; where: string } {
  const found = processes(output).get(name);
  if (!found) throw new Error(`the launcher printed no line for ${name}:\n${output}`);
  return found;
}

const answers = async (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

/** A GET on a connection of its own (no keep-alive), so each request is handed out anew. */
const getOnNewConnection = (url: string, headers: Record<string, string>) =>
  new Promise<number>((done, failed) =>
    get(url, { agent: false, headers }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    }).on('error', failed),
  );

async function inDatabase(name: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: databaseUrl(SERVER, name) });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('npm run start:distributed, its command line', () => {
  it('prints its usage with --help', async () => {
    const help = launch(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('--instances <N | app=N,...>');
  });

  it('refuses a bad --instances value with a clear message and exit code 2', async () => {
    const refused = launch(['--instances', 'label=three']);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain(
      'start:distributed: --instances "label=three": "three" is not a number of instances from 1 to 32',
    );
  });
});

describe('npm run start:distributed --instances 2', () => {
  const prefix = `launcher_e2e_${Date.now().toString(36)}_`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-launcher-'));
  let launcher: Launched;
  let port: number;
  let kafkaPort: number;
  let baseUrl: string;
  /** What the launcher had printed when the gateways' port first answered /health with 200. */
  let printedWhenOpen: string;

  beforeAll(async () => {
    [port, kafkaPort] = await Promise.all([freePort(), freePort()]);
    baseUrl = `http://127.0.0.1:${port}`;
    // What an earlier run left, for --fresh to drop.
    await createMissingDatabases(SERVER, [`${prefix}order`]);
    await inDatabase(`${prefix}order`, 'create table left_from_an_earlier_run (id int)');
    writeFileSync(join(dataDir, 'left-from-an-earlier-run'), '');
    launcher = launch(
      [
        '--instances',
        '2',
        '--kafka-port',
        String(kafkaPort),
        '--data-dir',
        dataDir,
        '--database-prefix',
        prefix,
        '--fresh',
      ],
      { PORT: String(port), DATABASE_URL: SERVER },
    );
    const ended = launcher.exited.then((code) => {
      throw new Error(`the launcher exited (${code}) while starting:\n${launcher.output()}`);
    });
    const open = (async () => {
      while ((await answers(`${baseUrl}/health`)) !== 200) await new Promise((done) => setTimeout(done, 100));
      printedWhenOpen = launcher.output();
    })();
    await Promise.race([open, ended]);
    await eventually(async () => (/^ready at /m.test(launcher.output()) ? true : undefined), 30_000);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    if (launcher?.child.exitCode === null) {
      launcher.child.kill('SIGKILL');
      await launcher.exited;
    }
    await dropDatabases(
      SERVER,
      APPS.map((app) => `${prefix}${app}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('opens the gateways’ port only once every other process is ready, two processes of every app', async () => {
    const whenOpen = processes(printedWhenOpen);
    for (const app of APPS) {
      const [first, second] = ['1', '2'].map((instance) =>
        processNamed(launcher.output(), `${app}#${instance}`),
      );
      for (const one of [first, second]) {
        expect(processAlive(one.pid)).toBe(true);
        expect(readFileSync(`/proc/${one.pid}/cmdline`, 'utf8')).toContain(`apps/${app}/src/main.ts`);
      }
      expect(first.pid).not.toBe(second.pid);
      if (app === 'gateway') {
        expect([first.where, second.where]).toEqual([baseUrl, baseUrl]);
        continue;
      }
      // Each other app listens for /metrics and /health on a port of its own.
      expect(first.where).not.toBe(second.where);
      for (const [instance, one] of [
        ['1', first],
        ['2', second],
      ] as const) {
        expect({ app, instance, printedBeforeThePortOpened: whenOpen.has(`${app}#${instance}`) }).toEqual({
          app,
          instance,
          printedBeforeThePortOpened: true,
        });
        expect(await answers(`${one.where}/health/ready`)).toBe(200);
      }
    }
    expect(await answers(`${baseUrl}/health/ready`)).toBe(200);
  });

  it('started fresh: the databases and the data folder an earlier run left were dropped', async () => {
    const tables = await inDatabase(
      `${prefix}order`,
      "select count(*)::int as count from pg_tables where tablename = 'left_from_an_earlier_run'",
    );
    expect(tables).toEqual([{ count: 0 }]);
    expect(existsSync(join(dataDir, 'left-from-an-earlier-run'))).toBe(false);
  });

  it('ships a small batch to completed and serves its label file, drafts an order and prices a pickup, with the sandbox key', async () => {
    const acme = testClient(baseUrl, 'sk_test_acme');

    const created = await acme.POST('/batches', {
      body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(0), batchShipment(1)] },
    });
    expect(created.response.status).toBe(201);
    const path = { batch_id: created.data!.data.id };
    const batch = async () => (await acme.GET('/batches/{batch_id}', { params: { path } })).data?.data;
    await eventually(async () => ((await batch())?.status === 'ready' ? true : undefined), 60_000);
    expect((await acme.POST('/batches/{batch_id}/ship', { params: { path } })).response.status).toBe(200);
    await eventually(async () => ((await batch())?.status === 'completed' ? true : undefined), 90_000);
    const done = (await batch())!;
    expect(done.results).toMatchObject({ completed_count: 2, failed_count: 0 });
    const label = await fetch(done.labels![0]);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const order = await acme.POST('/freight-orders', { body: freightOrder() });
    expect(order.response.status).toBe(201);
    expect(order.data!.data).toMatchObject({ shipment_order_id: expect.any(Number) });

    const rate = await acme.POST('/pickup-orders/get-rates', { body: fedexPickupRates() });
    expect(rate.response.status).toBe(200);
    expect(rate.data!.data.final_price).toMatch(/^\d+\.\d{2}$/);
  });

  it('hands the connections to the shared port out to both gateways in turn', async () => {
    const ids = Array.from({ length: 6 }, (_, index) => `${prefix}${index}`);
    for (const id of ids) {
      expect(await getOnNewConnection(`${baseUrl}/health`, { 'x-request-id': id })).toBe(200);
    }
    const logOf = (instance: number) =>
      readFileSync(join(dataDir, 'logs', `gateway-${instance}.log`), 'utf8');
    await eventually(async () =>
      [1, 2].every((instance) => ids.some((id) => logOf(instance).includes(id))) ? true : undefined,
    );
  });

  it('starts a process that was killed again', async () => {
    const killed = processNamed(launcher.output(), 'pickup#2');
    process.kill(killed.pid, 'SIGKILL');

    const again = await eventually(async () => {
      const now = processes(launcher.output()).get('pickup#2');
      return now && now.pid !== killed.pid ? now : undefined;
    }, 120_000);
    expect(processAlive(again.pid)).toBe(true);
    expect(await answers(`${again.where}/health/ready`)).toBe(200);
    expect(launcher.output()).toContain(`pickup#2 pid ${killed.pid} exited (signal SIGKILL)`);
  });

  it('stops every process it started, the broker included, on SIGINT', async () => {
    const pids = [...processes(launcher.output()).values()].map(({ pid }) => pid);
    expect(pids).toHaveLength(APPS.length * 2 + 1);
    expect(await portAnswers(kafkaPort)).toBe(true);

    launcher.child.kill('SIGINT');

    expect(await launcher.exited).toBe(0);
    expect(pids.filter(processAlive)).toEqual([]);
    expect(await portAnswers(kafkaPort)).toBe(false);
    expect(await portAnswers(port)).toBe(false);
    expect(existsSync(join(dataDir, 'kafka', 'logs', 'meta.properties'))).toBe(true);
  });
});
