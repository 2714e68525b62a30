import { BATCH_ENVIRONMENT } from '@shipping/batch-app';
import { GATEWAY_ENVIRONMENT } from '@shipping/gateway-app';
import { LABEL_ENVIRONMENT } from '@shipping/label-app';
import { ORDER_ENVIRONMENT } from '@shipping/order-app';
import { PICKUP_ENVIRONMENT } from '@shipping/pickup-app';
import {
  type AppEnvironment,
  checkEnvironment,
  ConfigurationError,
  DEFAULT_METRICS_PORTS,
  variablesReadBy,
} from '@shipping/platform/config';
import { WEBHOOK_ENVIRONMENT } from '@shipping/webhook-app';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DotEnv,
  environmentOf,
  interpolate,
  readComposeFile,
  readEnvFile,
  REPO_ROOT,
} from './compose-file';

const APPS: Record<string, AppEnvironment> = {
  gateway: GATEWAY_ENVIRONMENT,
  order: ORDER_ENVIRONMENT,
  pickup: PICKUP_ENVIRONMENT,
  batch: BATCH_ENVIRONMENT,
  label: LABEL_ENVIRONMENT,
  webhook: WEBHOOK_ENVIRONMENT,
};

const { services } = readComposeFile();
const EXAMPLE = readEnvFile('.env.example');
/** What an operator writes into .env: every secret of .env.example replaced. */
const CHOSEN: DotEnv = {
  ...EXAMPLE,
  POSTGRES_PASSWORD: randomBytes(18).toString('base64url'),
  KAFKA_SASL_PASSWORD: randomBytes(18).toString('base64url'),
  REDIS_PASSWORD: randomBytes(24).toString('hex'),
  LABEL_URL_SECRET: randomBytes(32).toString('hex'),
  WEBHOOK_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  MESSAGE_SECRET_KEYS: `m1:${randomBytes(32).toString('base64')}`,
  CARRIER_CREDENTIAL_KEYS: `c1:${randomBytes(32).toString('base64')}`,
  AUDIT_SIGNING_KEYS: `a1:${randomBytes(32).toString('base64')}`,
  KAFKA_KEYSTORE_PASSWORD: randomBytes(18).toString('base64url'),
};
const appEnv = (app: string, dotEnv: DotEnv = CHOSEN) => environmentOf(services[app], dotEnv);
/** The CA the kafka-tls volume holds in the containers, as a file of this machine for the checks. */
const caFile = join(mkdtempSync(join(tmpdir(), 'compose-ca-')), 'ca.pem');
writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const checkedEnv = (app: string, dotEnv: DotEnv = CHOSEN) => ({
  ...appEnv(app, dotEnv),
  KAFKA_SSL_CA_FILE: caFile,
});
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

  it.each(Object.keys(APPS))(
    'runs the %s app in production mode, whose checks accept the secrets of .env',
    (app) => {
      expect(appEnv(app)['SHIPPING_MODE']).toBe('production');
      expect(() => checkEnvironment(APPS[app], checkedEnv(app))).not.toThrow();
    },
  );

  it.each(Object.keys(APPS))(
    'refuses to start the %s app on .env.example as it is, naming the settings',
    (app) => {
      let problems: string[] = [];
      try {
        checkEnvironment(APPS[app], checkedEnv(app, EXAMPLE));
      } catch (error) {
        if (!(error instanceof ConfigurationError)) throw error;
        problems = error.problems;
      }
      const named = [
        ...new Set(
          problems.map((problem) => /^(?:Invalid environment variable )?([A-Z_]+)/.exec(problem)?.[1]),
        ),
      ];
      const expected = ['DATABASE_URL', 'KAFKA_SASL_PASSWORD', 'AUDIT_SIGNING_KEYS'];
      if (['gateway', 'order', 'batch'].includes(app)) expected.push('LABEL_URL_SECRET');
      if (['gateway', 'label'].includes(app)) expected.push('REDIS_URL');
      if (app === 'webhook') expected.push('WEBHOOK_SECRET_KEYS');
      if (['gateway', 'webhook', 'label'].includes(app)) expected.push('MESSAGE_SECRET_KEYS');
      if (app === 'label') expected.push('CARRIER_CREDENTIAL_KEYS');
      expect(named.sort()).toEqual(expected.sort());
    },
  );

  it('takes every secret from .env, which git ignores, with .env.example committed in its place', () => {
    const compose = readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    expect(compose).not.toMatch(/shipping:shipping@|POSTGRES_PASSWORD: shipping/);
    for (const secret of [
      'POSTGRES_PASSWORD',
      'KAFKA_SASL_PASSWORD',
      'REDIS_PASSWORD',
      'LABEL_URL_SECRET',
      'WEBHOOK_SECRET_KEYS',
      'MESSAGE_SECRET_KEYS',
      'CARRIER_CREDENTIAL_KEYS',
      'AUDIT_SIGNING_KEYS',
      'KAFKA_KEYSTORE_PASSWORD',
    ]) {
      expect(compose).toContain(`\${${secret}:?set ${secret} in .env`);
      expect(EXAMPLE[secret]).toContain('change-me');
    }
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8').split('\n')).toContain('.env');
  });

  it('publishes only the load balancer port', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports !== undefined);
    expect(published.map(([name, service]) => [name, service.ports])).toEqual([['balancer', ['3000:3000']]]);
  });

  it.each(Object.keys(APPS))(
    'runs as many %s processes as its <APP>_REPLICAS says, one by default, nothing tying it to one container',
    (app) => {
      const replicas = (dotEnv: DotEnv) => interpolate(String(services[app].deploy?.replicas), dotEnv);
      expect(replicas(CHOSEN)).toBe('1');
      expect(replicas({ ...CHOSEN, [`${app.toUpperCase()}_REPLICAS`]: '3' })).toBe('3');
      expect(services[app].container_name).toBeUndefined();
      expect(services[app].ports).toBeUndefined();
      for (const volume of services[app].volumes ?? []) {
        expect({ app, volume, named: /^[a-z-]+:\//.test(volume) }).toEqual({ app, volume, named: true });
      }
    },
  );

  it('hands requests to every gateway replica that is ready, through a load balancer trusted for client addresses', () => {
    const balancer = services['balancer'];
    expect(balancer.image).toMatch(/^haproxy:/);
    expect(balancer.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
    const [source, target] = (balancer.volumes ?? [])[0].split(':');
    expect(target).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    const config = readFileSync(join(REPO_ROOT, source), 'utf8');
    expect(config).toMatch(/^\s*bind :3000$/m);
    expect(config).toMatch(/^\s*option forwardfor$/m);
    expect(config).toMatch(/^\s*http-request deny deny_status 404 if \{ path \/metrics \}$/m);
    expect(config).toMatch(/^\s*balance roundrobin$/m);
    expect(config).toMatch(/^\s*option httpchk GET \/health\/ready$/m);
    // One slot per replica Docker's DNS names, found again as replicas come and go.
    expect(config).toMatch(/^\s*server-template gateway \d+ gateway:3000 check$/m);
    expect(config).toMatch(/^\s*default-server .*resolvers docker .*init-addr none/m);
    expect(appEnv('gateway')['TRUST_PROXY']).toBe('1');
  });

  it('runs Kafka with a TLS and SASL/SCRAM listener for the apps, with the credentials and CA they are given', () => {
    const kafka = environmentOf(services['kafka'], CHOSEN);
    expect(kafka['KAFKA_LISTENER_SECURITY_PROTOCOL_MAP']).toBe('INTERNAL:SASL_SSL,CONTROLLER:PLAINTEXT');
    expect(kafka['KAFKA_SASL_ENABLED_MECHANISMS']).toBe('SCRAM-SHA-256,SCRAM-SHA-512');
    expect(kafka['KAFKA_LISTENER_NAME_INTERNAL_SCRAM___SHA___512_SASL_JAAS_CONFIG']).toContain(
      `username="shipping" password="${CHOSEN['KAFKA_SASL_PASSWORD']}"`,
    );
    expect(kafka).toMatchObject({
      SCRAM_USERNAME: 'shipping',
      SCRAM_PASSWORD: CHOSEN['KAFKA_SASL_PASSWORD'],
      KAFKA_SSL_KEYSTORE_LOCATION: '/etc/kafka/tls/broker.p12',
      KAFKA_SSL_KEYSTORE_PASSWORD: CHOSEN['KAFKA_KEYSTORE_PASSWORD'],
    });
    expect(services['kafka'].command).toEqual(['/bin/sh', '/scripts/start-with-scram.sh']);
    for (const script of ['make-tls.sh', 'start-with-scram.sh'])
      expect(existsSync(join(REPO_ROOT, 'tools/docker/kafka', script))).toBe(true);
    for (const app of Object.keys(APPS)) {
      expect(appEnv(app)).toMatchObject({
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: '/etc/kafka/tls/ca.pem',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'shipping',
        KAFKA_SASL_PASSWORD: CHOSEN['KAFKA_SASL_PASSWORD'],
      });
      expect(services[app].volumes).toEqual(['kafka-tls:/etc/kafka/tls:ro']);
    }
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

  it('keeps label files in the label database, so any label container merges and serves them', () => {
    expect(appEnv('label')['LABEL_STORE']).toBe('database');
    expect(services['label'].volumes).toEqual(['kafka-tls:/etc/kafka/tls:ro']);
  });

  it("counts the gateways' rate limits in the compose Redis, with its password and nothing on disk", () => {
    const redisUrl = new URL(appEnv('gateway')['REDIS_URL']);
    expect({ host: redisUrl.host, password: redisUrl.password }).toEqual({
      host: 'redis:6379',
      password: CHOSEN['REDIS_PASSWORD'],
    });
    expect(services['gateway'].depends_on?.['redis']).toEqual({ condition: 'service_healthy' });
    const redis = services['redis'];
    expect(redis.image).toMatch(/^redis:7/);
    expect(redis.command?.map((part) => interpolate(part, CHOSEN))).toEqual([
      'redis-server',
      '--save',
      '',
      '--appendonly',
      'no',
      '--requirepass',
      CHOSEN['REDIS_PASSWORD'],
    ]);
    expect(environmentOf(redis, CHOSEN)['REDISCLI_AUTH']).toBe(CHOSEN['REDIS_PASSWORD']);
    expect(redis.volumes).toBeUndefined();
  });

  it("counts the label containers' carrier limits in the compose Redis, once for all of them", () => {
    const redisUrl = new URL(appEnv('label')['REDIS_URL']);
    expect({ host: redisUrl.host, password: redisUrl.password }).toEqual({
      host: 'redis:6379',
      password: CHOSEN['REDIS_PASSWORD'],
    });
    expect(services['label'].depends_on?.['redis']).toEqual({ condition: 'service_healthy' });
    expect(checkEnvironment(LABEL_ENVIRONMENT, checkedEnv('label'))).toEqual([]);
    expect(checkEnvironment(LABEL_ENVIRONMENT, { ...checkedEnv('label'), REDIS_URL: '' })).toEqual([
      expect.stringMatching(
        /^REDIS_URL: unset: the carrier accounts' rate and concurrency limits are counted by each label process/,
      ),
    ]);
  });

  it('starts the gateway without the production warning that its rate limit is counted per instance', () => {
    expect(checkEnvironment(GATEWAY_ENVIRONMENT, checkedEnv('gateway'))).toEqual([]);
    expect(checkEnvironment(GATEWAY_ENVIRONMENT, { ...checkedEnv('gateway'), REDIS_URL: '' })).toEqual([
      expect.stringMatching(
        /^REDIS_URL: unset: RATE_LIMIT_PER_MINUTE and UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE are counted by each gateway process/,
      ),
    ]);
  });

  it('signs label URLs with the one secret the gateway checks them with', () => {
    const secrets = ['gateway', 'order', 'batch'].map((app) => appEnv(app)['LABEL_URL_SECRET']);
    expect(new Set(secrets).size).toBe(1);
    expect(appEnv('gateway')).toMatchObject({ HOST: '0.0.0.0', PORT: '3000' });
  });

  it('starts apps only once the servers they need answer their health checks', () => {
    for (const server of ['kafka', 'postgres', 'eventstoredb', 'redis', 'gateway']) {
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

  it("checks each app's health with its readiness, on the port the app serves it on", () => {
    for (const app of Object.keys(APPS)) {
      const port = app === 'gateway' ? appEnv(app)['PORT'] : String(DEFAULT_METRICS_PORTS[app]);
      expect({ app, test: services[app].healthcheck?.test.join(' ') }).toEqual({
        app,
        test: expect.stringContaining(`http://127.0.0.1:${port}/health/ready`),
      });
      if (app !== 'gateway')
        expect({ app, host: appEnv(app)['METRICS_HOST'] }).toEqual({ app, host: '0.0.0.0' });
    }
  });
});
