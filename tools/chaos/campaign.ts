import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import {
  apiClient,
  DISTRIBUTED_APPS,
  type DistributedRuntime,
  liveUspsShipper,
  type PrivateRedisServer,
  startDistributedRuntime,
  startPrivateRedisServer,
  UspsMockServer,
} from '@shipping/testing';
import { describeFault, FAULT_KINDS, type FaultKind, planFaults } from './fault-schedule';
import { FaultInjector } from './fault-injectors';
import { checkInvariants } from './check-invariants';
import type { InvariantResult } from './invariants';
import { LoadLog, runLoad, USPS_REFUSED_ZIP } from './load';
import { retryingClient } from './retrying-client';
import { settle } from './settle';
import { startStallingReceiver, type StallingReceiver } from './stalling-receiver';

export interface CampaignOptions {
  seed: number;
  /** How long the load runs, with faults injected; start-up, settling and checks come on top. */
  minutes: number;
  /** The kinds of fault drawn from; every kind when not given. */
  faultKinds?: FaultKind[];
  /** The most the system is given to settle after the load before the invariants are checked. */
  settleTimeoutMs?: number;
  print: (line: string) => void;
}

export interface CampaignReport {
  seed: number;
  minutes: number;
  faultKinds: FaultKind[];
  faultsByKind: Map<FaultKind, number>;
  faultsSkipped: number;
  operations: number;
  settled: boolean;
  invariants: InvariantResult[];
  elapsedMs: number;
}

const INSTANCES = 2;
const ENDPOINT_PATHS = ['/hooks/a', '/hooks/b'];
const USPS_CLIENT = { client_id: 'chaos-consumer-key', client_secret: 'chaos-usps-secret-5e1a' };

function runtimeEnv(redis: PrivateRedisServer, usps: UspsMockServer) {
  return {
    instances: Object.fromEntries(DISTRIBUTED_APPS.map((app) => [app, INSTANCES])),
    appEnv: {
      gateway: {
        ADMIN_API_KEY: SANDBOX_ADMIN_API_KEY,
        REDIS_URL: redis.url,
        // Counted in Redis, high enough never to refuse the campaign's own load.
        RATE_LIMIT_PER_MINUTE: '100000',
        INSTANT_SHIP_ENABLED: 'true',
      },
      label: {
        USPS_API_URL: usps.url,
        USPS_RATE_LIMIT_PER_SECOND: '40',
        USPS_CONCURRENCY: '8',
        // An open circuit probes again soon: the campaign settles within minutes.
        CARRIER_CIRCUIT_COOL_DOWN_MS: '5000',
      },
      webhook: { WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_SCHEDULE_MS: '1000,2000,4000,8000,16000,30000' },
    },
  };
}

/** Brings back anything a fault left down: every instance running before the checks. */
async function restartStopped(runtime: DistributedRuntime): Promise<void> {
  for (const app of Object.values(runtime.instances).flat()) if (!app.running()) await app.restart();
}

/**
 * A fault campaign: the distributed runtime with two instances of every app under steady load (the
 * sandbox's and a merchant's own USPS integration, against the USPS mock, under a live key),
 * faults injected on the seed's schedule, then, once the system settled, the invariants checked.
 */
export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const { seed, minutes, print } = options;
  const started = Date.now();
  const loadMs = Math.round(minutes * 60_000);
  const kinds = options.faultKinds ?? [...FAULT_KINDS];
  const schedule = planFaults(seed, loadMs, INSTANCES, kinds);
  print(`fault campaign: seed ${seed}, ${minutes} min of load, ${schedule.length} faults planned`);
  print(`fault kinds: ${kinds.join(', ')}`);
  for (const fault of schedule) print(`  ${describeFault(fault)}`);

  const redis = await startPrivateRedisServer();
  // USPS as a merchant's own integration reaches it: in this process, so its sales can be checked.
  const usps = await UspsMockServer.start({ clients: [USPS_CLIENT] });
  usps.refuseAddress(USPS_REFUSED_ZIP, 'Invalid ZIP Code');
  let receiver: StallingReceiver | undefined;
  let runtime: DistributedRuntime | undefined;
  try {
    receiver = await startStallingReceiver();
    runtime = await startDistributedRuntime(runtimeEnv(redis, usps));
    print(
      `runtime up in ${((Date.now() - started) / 1000).toFixed(0)} s: ${INSTANCES} instances of every app`,
    );
    const policy = { attemptTimeoutMs: 20_000, giveUpAfterMs: 90_000 };
    const gatewayUrls = runtime.gatewayUrls;
    const globex = await liveUspsShipper(
      apiClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY),
      (key) => apiClient(runtime?.baseUrl ?? '', key),
      USPS_CLIENT,
    );
    const clients = {
      acme: retryingClient(gatewayUrls, 'sk_test_acme', policy),
      admin: retryingClient(gatewayUrls, SANDBOX_ADMIN_API_KEY, policy),
      liveUsps: {
        client: retryingClient(gatewayUrls, globex.keys.live, policy),
        shipperId: globex.shipperId,
        addressId: globex.addressIds.live,
      },
    };
    // Both merchants register both endpoints: every shipment, sandbox or USPS, is notified on each.
    for (const [merchant, client] of [
      ['acme', clients.acme],
      ['globex', clients.liveUsps.client],
    ] as const)
      for (const path of ENDPOINT_PATHS) {
        const endpoint = await client.post(
          '/webhooks',
          { url: `${receiver.origin}${path}` },
          `chaos-${seed}-${merchant}-endpoint${path}`,
        );
        if (endpoint.status !== 201) throw new Error(`webhook endpoint not registered: ${endpoint.status}`);
      }

    const loadStart = Date.now();
    const injector = new FaultInjector(
      { runtime, redis, receiver, usps, serverUrl: serverUrlOf(runtime) },
      (line) => print(`${((Date.now() - loadStart) / 1000).toFixed(1).padStart(6)} s  ${line}`),
    );
    const timers = schedule.map((fault) => setTimeout(() => injector.inject(fault), fault.atMs));
    const log = new LoadLog();
    await runLoad(clients, log, `chaos-${seed}-${loadStart.toString(36)}`, loadStart + loadMs);
    timers.forEach(clearTimeout);
    await injector.recovered();
    await restartStopped(runtime);
    print(`load done: ${log.total()} operations`);
    for (const line of log.summary()) print(`  ${line}`);

    const settling = await settle(runtime, options.settleTimeoutMs ?? 180_000);
    print(
      settling.settled
        ? `settled in ${(settling.waitedMs / 1000).toFixed(0)} s`
        : `NOT settled within ${(settling.waitedMs / 1000).toFixed(0)} s: ${JSON.stringify(settling.backlog)}`,
    );
    const invariants = await checkInvariants(
      runtime,
      receiver,
      log,
      ENDPOINT_PATHS,
      usps.soldTrackingNumbers(),
    );
    return {
      seed,
      minutes,
      faultKinds: kinds,
      faultsByKind: injector.countsByKind(),
      faultsSkipped: injector.outcomes.filter((outcome) => outcome.result !== 'injected').length,
      operations: log.total(),
      settled: settling.settled,
      invariants,
      elapsedMs: Date.now() - started,
    };
  } finally {
    await runtime?.stop();
    await receiver?.close();
    await redis.stop();
    await usps.stop();
  }
}

/** The PostgreSQL server the apps' databases are on, through its `postgres` database. */
function serverUrlOf(runtime: DistributedRuntime): string {
  const url = new URL(runtime.apps.batch.databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}
