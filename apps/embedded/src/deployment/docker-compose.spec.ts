import { BATCH_ENVIRONMENT } from '@shipping/batch-app';
import { GATEWAY_ENVIRONMENT } from '@shipping/gateway-app';
import { LABEL_ENVIRONMENT } from '@shipping/label-app';
import { ORDER_ENVIRONMENT } from '@shipping/order-app';
import { PICKUP_ENVIRONMENT } from '@shipping/pickup-app';
import { type AppEnvironment, checkEnvironment, variablesReadBy } from '@shipping/platform';
import { WEBHOOK_ENVIRONMENT } from '@shipping/webhook-app';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { environmentOf, readComposeFile, REPO_ROOT } from './compose-file';

const APPS: Record<string, AppEnvironment> = {
  gateway: GATEWAY_ENVIRONMENT,
  order: ORDER_ENVIRONMENT,
  pickup: PICKUP_ENVIRONMENT,
  batch: BATCH_ENVIRONMENT,
  label: LABEL_ENVIRONMENT,
  webhook: WEBHOOK_ENVIRONMENT,
};

const { services } = readComposeFile();
const appEnv = (app: string) => environmentOf(services[app]);
const hostOf = (url: string) => new URL(url).hostname;

describe('docker-compose.yml', () => {
  it.each(Object.keys(APPS))('runs the %s app from the one Dockerfile, on its own entry file', (app) => {
    const service = services[app];
    expect(service).toBeDefined();
    expect(service.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(service.command).toEqual([`apps/${app}/src/main.ts`]);
    expect(existsSync(join(REPO_ROOT, `apps/${app}/src/main.ts`))).toBe(true);
  });

  it('builds every app image alike and nothing else from the repository', () => {
    const built = Object.entries(services).filter(([, service]) => service.build);
    expect(built.map(([name]) => name).sort()).toEqual(Object.keys(APPS).sort());
    expect(new Set(built.map(([, service]) => service.image)).size).toBe(1);
    expect(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8')).toMatch(
      /^ENTRYPOINT \["node", "-r", "\.\/tools\/ts-runtime\/register\.js"\]$/m,
    );
  });

  it.each(Object.keys(APPS))('passes the %s app only variables its configuration reads', (app) => {
    const known = variablesReadBy(APPS[app]);
    const unknown = Object.keys(appEnv(app)).filter((name) => !known.includes(name));
    expect({ app, unknown }).toEqual({ app, unknown: [] });
  });

  it.each(Object.keys(APPS))('passes the %s app values its configuration accepts', (app) => {
    expect(() => checkEnvironment(APPS[app], appEnv(app))).not.toThrow();
  });

  it('gives every app PostgreSQL and Kafka on the compose network, each app its own database', () => {
    const databases = new Set<string>();
    const created = readFileSync(join(REPO_ROOT, 'tools/docker/postgres/create-app-databases.sql'), 'utf8');
    for (const app of Object.keys(APPS)) {
      const env = appEnv(app);
      expect({ app, STORE: env['STORE'], brokers: env['KAFKA_BROKERS'] }).toEqual({
        app,
        STORE: 'postgres',
        brokers: 'kafka:9092',
      });
      expect(hostOf(env['DATABASE_URL'])).toBe('postgres');
      const database = new URL(env['DATABASE_URL']).pathname.slice(1);
      expect(created).toContain(`CREATE DATABASE ${database};`);
      databases.add(database);
      expect(Object.keys(services[app].depends_on ?? {})).toEqual(
        expect.arrayContaining(['kafka', 'postgres']),
      );
    }
    expect(databases.size).toBe(Object.keys(APPS).length);
  });

  it('keeps the batch streams in EventStoreDB and waits for it', () => {
    const env = appEnv('batch');
    expect(env['EVENT_STORE']).toBe('eventstoredb');
    expect(hostOf(env['ESDB_URL'].replace(/^esdb:/, 'http:'))).toBe('eventstoredb');
    expect(services['batch'].depends_on?.['eventstoredb']).toEqual({ condition: 'service_healthy' });
    expect(services['eventstoredb'].image).toMatch(/^kurrentplatform\/kurrentdb:/);
  });

  it('signs label URLs with the one secret the gateway checks them with', () => {
    const secrets = ['gateway', 'order', 'batch'].map((app) => appEnv(app)['LABEL_URL_SECRET']);
    expect(new Set(secrets).size).toBe(1);
    expect(appEnv('gateway')).toMatchObject({ HOST: '0.0.0.0', PORT: '3000' });
  });

  it('starts apps only once the servers they need answer their health checks', () => {
    for (const server of ['kafka', 'postgres', 'eventstoredb', 'gateway']) {
      expect({ server, test: services[server].healthcheck?.test[0] }).toEqual({
        server,
        test: expect.stringMatching(/^CMD(-SHELL)?$/),
      });
    }
    for (const app of Object.keys(APPS)) {
      for (const [server, { condition }] of Object.entries(services[app].depends_on ?? {})) {
        expect({ app, server, condition }).toEqual({ app, server, condition: 'service_healthy' });
      }
    }
    expect(services['kafka'].image).toMatch(/^apache\/kafka:/);
  });
});
