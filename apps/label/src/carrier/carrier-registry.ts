import { carrierCan, isCarrierCode } from '@shipping/reference-data';
import type { CarrierChoice, IntegrationKind, ShipperRef } from './carrier-choice';
import { type CarrierPort, offers } from './carrier-port';

/** The adapter of each shipper, built from its own stored credentials. */
export type ShipperAdapters = (shipper: ShipperRef | undefined) => CarrierPort;

/** One adapter, or one per shipper, for one carrier on one kind of integration. */
export interface CarrierRegistration {
  carrier: string;
  integration: IntegrationKind;
  adapter: CarrierPort | ShipperAdapters;
}

export class CarrierRegistrationError extends Error {
  override readonly name = 'CarrierRegistrationError';
}

const keyOf = (carrier: string, integration: IntegrationKind) => `${carrier}/${integration}`;

/**
 * The carrier adapters of the label app, by carrier code and integration kind. The sandbox
 * serves every test key, and every carrier and integration no adapter is registered for (the
 * embedded default registers none); a live key of a registered carrier and integration reaches
 * its adapter.
 */
export class CarrierRegistry {
  private readonly adapters = new Map<string, CarrierPort | ShipperAdapters>();

  constructor(
    readonly sandbox: CarrierPort,
    registrations: readonly CarrierRegistration[] = [],
  ) {
    for (const registration of registrations) this.register(registration);
  }

  register({ carrier, integration, adapter }: CarrierRegistration): this {
    if (!isCarrierCode(carrier))
      throw new CarrierRegistrationError(`${carrier} is not a carrier of the reference data.`);
    const key = keyOf(carrier, integration);
    if (this.adapters.has(key))
      throw new CarrierRegistrationError(
        `An adapter is registered already for ${carrier} on ${integration}.`,
      );
    this.adapters.set(key, adapter);
    return this;
  }

  adapterFor({ carrier, integration, mode, shipper }: CarrierChoice): CarrierPort {
    switch (mode) {
      case 'test':
        return this.sandbox;
      case 'live': {
        const registered = this.adapters.get(keyOf(carrier, integration));
        if (registered === undefined) return this.sandbox;
        return typeof registered === 'function' ? registered(shipper) : registered;
      }
      default: {
        const unknown: never = mode;
        throw new Error(`Unknown key mode ${String(unknown)}.`);
      }
    }
  }

  /**
   * The adapter that schedules the pickups of a live key: only for a carrier whose capabilities
   * (the reference data) say it takes pickups, registered for the shipper's integration, and
   * offering pickups. A test key, like any other choice, gets none: it never reaches a carrier.
   */
  pickupAdapterFor(
    choice: CarrierChoice,
  ): (CarrierPort & Required<Pick<CarrierPort, 'schedulePickup' | 'cancelPickup'>>) | undefined {
    if (choice.mode !== 'live' || !carrierCan(choice.carrier, 'pickup')) return undefined;
    if (!this.adapters.has(keyOf(choice.carrier, choice.integration))) return undefined;
    const adapter = this.adapterFor(choice);
    return offers(adapter, 'schedulePickup') && offers(adapter, 'cancelPickup') ? adapter : undefined;
  }

  /** The carrier and integration kinds a live key reaches a real carrier with. */
  registered(): readonly string[] {
    return [...this.adapters.keys()];
  }
}
