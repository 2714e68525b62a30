import { TEST_REDIS_URL } from '@shipping/testing';
import { Redis } from 'ioredis';
import { labelShipment } from '../../testing/label-shipment.fixture';
import type { CarrierLabelRequest, CarrierPort } from '../carrier-port';
import { UspsCarrier } from '../usps/usps-carrier';
import { UspsSessions } from '../usps/usps-sessions';
import type { UspsIntegration } from '../usps/usps-types';
import type { CircuitState } from './account-circuit';
import { AccountGuard, type AccountGuardSettings } from './account-guard';
import type { GuardClock } from './guard-clock';
import { GuardedCarrier } from './guarded-carrier';
import { RedisCarrierLimits } from './redis-carrier-limits';

export const INTEGRATION: UspsIntegration = {
  id: 'shipper-1000',
  client_id: 'globex-consumer-key',
  client_secret: 'globex-consumer-secret',
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  account: { type: 'EPS', number: '1000405525' },
};

export const MOCK_CLIENT = { client_id: INTEGRATION.client_id, client_secret: INTEGRATION.client_secret };

export const guardSettings = (overrides: Partial<AccountGuardSettings> = {}): AccountGuardSettings => ({
  limits: { ratePerSecond: 100, concurrency: 4, slotLeaseMs: 600_000 },
  attempts: 4,
  backoff: { baseMs: 100, maxMs: 2_000 },
  circuit: { failuresToOpen: 10, coolDownMs: 30_000 },
  maxCircuitWaitMs: 600_000,
  maxRetryAfterMs: 60_000,
  ...overrides,
});

export const purchaseOf = (index: number, zip = '94043'): CarrierLabelRequest => {
  const shipment = labelShipment();
  return {
    item_id: `item-${index}`,
    idempotency_key: `key-${index}`,
    service: 'USPS-1',
    shipment: {
      ...shipment,
      to_address: { ...shipment.to_address, zip },
      package_list: [{ ...shipment.package_list[0], count: 1 }],
    },
  };
};

/** One label instance: its own Redis connection, USPS sessions and guard, over the shared Redis. */
export interface GuardedUspsInstance {
  carrier: GuardedCarrier;
  guard: AccountGuard;
  circuit: { state: CircuitState; at: number }[];
  close(): void;
}

export function guardedUspsInstance(options: {
  baseUrl: string;
  prefix: string;
  settings: AccountGuardSettings;
  clock?: GuardClock;
  random?: () => number;
  /** Serve USPS as if it honoured idempotency keys, so the guard retries its 5xx and timeouts. */
  asIfKeyed?: boolean;
}): GuardedUspsInstance {
  const { baseUrl, prefix, settings, clock, random, asIfKeyed } = options;
  const redis = new Redis(TEST_REDIS_URL);
  const store = new RedisCarrierLimits(redis, prefix, clock?.now);
  const circuit: GuardedUspsInstance['circuit'] = [];
  const guard = new AccountGuard(
    'usps',
    INTEGRATION.id,
    settings,
    store,
    clock ?? { now: Date.now, sleep: (ms) => new Promise((done) => setTimeout(done, ms)) },
    random,
    (state, at) => circuit.push({ state, at }),
  );
  const sessions = new UspsSessions(clock?.now ?? Date.now);
  const usps = new UspsCarrier(INTEGRATION, { baseUrl, sessions, timeoutMs: 5_000 });
  const adapter: CarrierPort = asIfKeyed
    ? { idempotencyKeys: 'honoured', purchase: (request) => usps.purchase(request) }
    : usps;
  return { carrier: new GuardedCarrier(adapter, guard), guard, circuit, close: () => redis.disconnect() };
}
