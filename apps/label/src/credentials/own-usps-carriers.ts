import type { ShipperRef } from '../carrier/carrier-choice';
import type {
  CarrierLabel,
  CarrierLabelRequest,
  CarrierPickup,
  CarrierPickupRequest,
  CarrierPort,
  Refusable,
} from '../carrier/carrier-port';
import { notCalled } from '../carrier/guard/carrier-fault';
import type { CarrierGuards } from '../carrier/guard/carrier-guards';
import { UspsCarrier } from '../carrier/usps/usps-carrier';
import { UspsSessions } from '../carrier/usps/usps-sessions';
import type { SharedTokens } from '../carrier/tokens/shared-tokens';
import type { CarrierCredentialStore } from './carrier-credential-store';
import { uspsIntegrationOf } from './usps-integration';

/** What a live key on a shipper without stored USPS credentials gets where there is no sandbox fallback. */
export const noUspsCredentialsReason = (shipperId: number | undefined, what = 'buys USPS labels') =>
  `No USPS credentials are stored for shipper ${shipperId ?? '(none named)'}: a live key ${what} ` +
  "with the shipper's own USPS account. Set them with PUT /admin/accounts/{id}/shippers/{shipper_id}/credentials.";

export interface OwnUspsCarriersOptions {
  baseUrl: string;
  /** Serves a shipper without credentials (the embedded default); without it, its items fail. */
  sandbox?: CarrierPort;
  timeoutMs?: number;
  /** Tokens kept for every instance: one fetch for all of them. */
  sharedTokens?: SharedTokens;
}

interface Built {
  set_at: string;
  carrier: CarrierPort;
}

/**
 * USPS on each shipper's own integration: a UspsCarrier built from the shipper's stored
 * credentials, behind the guard of its integration, kept per shipper until its credentials are set
 * again (every purchase reads when they were set, so a replacement on any instance is seen). Every
 * carrier of the process shares one UspsSessions, and with SharedTokens every instance its tokens.
 */
export class OwnUspsCarriers {
  private readonly built = new Map<string, Built>();
  private readonly sessions: UspsSessions;

  constructor(
    private readonly credentials: CarrierCredentialStore,
    private readonly guards: CarrierGuards,
    private readonly options: OwnUspsCarriersOptions,
  ) {
    this.sessions = new UspsSessions(Date.now, options.sharedTokens);
  }

  /** The adapter of the shipper's purchases: it finds the shipper's carrier when it buys. */
  forShipper(shipper: ShipperRef | undefined): CarrierPort {
    return {
      idempotencyKeys: 'ignored',
      labelPerPiece: true,
      purchase: (request) => this.purchase(shipper, request),
      cancel: (trackingNumber) => this.cancel(shipper, trackingNumber),
      schedulePickup: (pickup) => this.schedulePickup(shipper, pickup),
      cancelPickup: (confirmationNumber) => this.cancelPickup(shipper, confirmationNumber),
    };
  }

  /** Voids a label the shipper's USPS account sold (the pieces of a purchase that failed). */
  private async cancel(shipper: ShipperRef | undefined, trackingNumber: string): Promise<Refusable> {
    const carrier = await this.carrierOf(shipper);
    if (carrier?.cancel) return carrier.cancel(trackingNumber);
    if (this.options.sandbox?.cancel) return this.options.sandbox.cancel(trackingNumber);
    return { ok: false, reason: noUspsCredentialsReason(shipper?.shipper_id, 'voids USPS labels') };
  }

  /** The shipper's USPS schedules it; without credentials the sandbox takes it (no confirmation) or it is refused. */
  private async schedulePickup(
    shipper: ShipperRef | undefined,
    pickup: CarrierPickupRequest,
  ): Promise<CarrierPickup> {
    const carrier = await this.carrierOf(shipper).catch((error: unknown) => {
      throw notCalled(error);
    });
    if (carrier?.schedulePickup) return carrier.schedulePickup(pickup);
    if (this.options.sandbox) return { ok: true, confirmation_number: null };
    return { ok: false, reason: noUspsCredentialsReason(shipper?.shipper_id, 'schedules USPS pickups') };
  }

  private async cancelPickup(
    shipper: ShipperRef | undefined,
    confirmationNumber: string,
  ): Promise<Refusable> {
    const carrier = await this.carrierOf(shipper);
    if (carrier?.cancelPickup) return carrier.cancelPickup(confirmationNumber);
    return { ok: false, reason: noUspsCredentialsReason(shipper?.shipper_id, 'cancels USPS pickups') };
  }

  private async purchase(
    shipper: ShipperRef | undefined,
    request: CarrierLabelRequest,
  ): Promise<CarrierLabel> {
    // Nothing was asked of USPS while the credentials are read: a failure here buys nothing.
    const carrier = await this.carrierOf(shipper).catch((error: unknown) => {
      throw notCalled(error);
    });
    if (carrier) return carrier.purchase(request);
    if (this.options.sandbox) return this.options.sandbox.purchase(request);
    return { ok: false, reason: noUspsCredentialsReason(shipper?.shipper_id) };
  }

  private async carrierOf(shipper: ShipperRef | undefined): Promise<CarrierPort | undefined> {
    if (!shipper) return undefined;
    const opened = await this.credentials.open(shipper.account_id, shipper.shipper_id);
    if (!opened || opened.carrier !== 'usps') return undefined;
    const key = `${shipper.account_id}/${shipper.shipper_id}`;
    const kept = this.built.get(key);
    if (kept?.set_at === opened.set_at) return kept.carrier;
    // Tokens are kept by integration id: new credentials are a new integration, with new tokens.
    const integration = uspsIntegrationOf(`${key}@${opened.set_at}`, opened.fields);
    const usps = new UspsCarrier(integration, {
      baseUrl: this.options.baseUrl,
      sessions: this.sessions,
      timeoutMs: this.options.timeoutMs,
    });
    const carrier = this.guards.guard(usps, 'usps', key);
    this.built.set(key, { set_at: opened.set_at, carrier });
    return carrier;
  }
}
