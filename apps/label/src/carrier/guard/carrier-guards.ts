import type { CarrierRegistration } from '../carrier-registry';
import type { CarrierPort } from '../carrier-port';
import type { CircuitState } from './account-circuit';
import { AccountGuard } from './account-guard';
import { accountGuardSettings, type CarrierGuardConfig } from './carrier-guard-config';
import type { CarrierLimitStore } from './carrier-limits';
import { type GuardClock, systemGuardClock } from './guard-clock';
import { GuardedCarrier } from './guarded-carrier';

export interface CarrierGuardsOptions {
  clock?: GuardClock;
  random?: () => number;
  onCircuit?: (account: string, state: CircuitState, at: number) => void;
}

/**
 * The guards of this process, one per carrier account, over one limit store. Every adapter of an
 * account shares its guard, so its limits and circuit hold whatever operation is called.
 */
export class CarrierGuards {
  private readonly guards = new Map<string, AccountGuard>();

  constructor(
    private readonly store: CarrierLimitStore,
    private readonly config: CarrierGuardConfig,
    private readonly options: CarrierGuardsOptions = {},
  ) {}

  /** `account` names the carrier account (never a secret): an integration's id. */
  guard(adapter: CarrierPort, carrier: string, account: string): GuardedCarrier {
    return new GuardedCarrier(adapter, this.accountGuard(carrier, account));
  }

  /**
   * A registration's adapter behind its guard: a registration serves one account, its integration
   * kind's. Adapters per shipper are guarded per integration where they are built.
   */
  guarded(registration: CarrierRegistration): CarrierRegistration {
    const { adapter, carrier, integration } = registration;
    if (typeof adapter === 'function') return registration;
    return { ...registration, adapter: this.guard(adapter, carrier, integration) };
  }

  accountGuard(carrier: string, account: string): AccountGuard {
    const key = `${carrier}:${account}`;
    let guard = this.guards.get(key);
    if (!guard) {
      const { clock = systemGuardClock, random, onCircuit } = this.options;
      guard = new AccountGuard(
        carrier,
        account,
        accountGuardSettings(this.config, carrier),
        this.store,
        clock,
        random,
        (state, at) => onCircuit?.(key, state, at),
      );
      this.guards.set(key, guard);
    }
    return guard;
  }
}
