import type { CarrierLabel, CarrierLabelRequest, CarrierPickupRequest, CarrierPort } from '../carrier-port';
import { refusalReason, UspsAnswerError, UspsFault } from './usps-faults';
import { jsonOf, uspsFetch, type UspsHttpOptions } from './usps-http';
import { mailingDateOf, uspsAddress } from './usps-label-request';
import { uspsCancelPath, uspsLabelRoute } from './usps-label-route';
import { pickupPackageTypeOf } from './usps-mappings';
import { secretsOf, UspsCredentialsRefused, UspsSessions } from './usps-sessions';
import type { UspsIntegration, UspsPickupRequest } from './usps-types';

export interface UspsCarrierOptions {
  /** https://apis.usps.com, https://apis-tem.usps.com for USPS's test environment, or a mock. */
  baseUrl: string;
  timeoutMs?: number;
  /** The process's kept tokens; one per process, shared by its carriers. */
  sessions?: UspsSessions;
}

export type Refusable<T> = ({ ok: true } & T) | { ok: false; reason: string };

/** A pickup as the port asks it; `location` is Carrier Pickup 3.0's `packageLocation` (`OFFICE`, `FRONT_DOOR`). */
export type UspsPickup = CarrierPickupRequest;

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * USPS for one shipper's own integration: labels through Domestic Labels 3.0 and International Labels
 * 3.0, paid with the integration's payment account (Payments 3.0), authorised with OAuth 2.0 client
 * credentials; label cancel; carrier pickups (Carrier Pickup 3.0). A refusal is answered; a fault
 * (timeout, connection, 429, 5xx) is thrown as a UspsFault for the caller to retry with backoff; an
 * unusable 200 is thrown as a UspsAnswerError.
 */
export class UspsCarrier implements CarrierPort {
  /** Labels 3.0 takes no idempotency key: a repeated purchase buys another label. */
  readonly idempotencyKeys = 'ignored';
  /** USPS sells one label per package. */
  readonly labelPerPiece = true;
  private readonly http: UspsHttpOptions;
  private readonly sessions: UspsSessions;

  constructor(
    private readonly integration: UspsIntegration,
    options: UspsCarrierOptions,
  ) {
    this.sessions = options.sessions ?? new UspsSessions();
    this.http = {
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      now: this.sessions.now,
    };
  }

  /**
   * USPS Labels 3.0 takes no idempotency key: `idempotency_key` cannot be passed on, and a repeat of a
   * purchase buys another label (docs/carriers.md).
   */
  async purchase(request: CarrierLabelRequest): Promise<CarrierLabel> {
    const mapped = uspsLabelRoute(request, mailingDateOf(this.sessions.now()));
    if (!mapped.ok) return mapped;
    const { route } = mapped;
    let labelAsked = false;
    const bought = this.refusingCredentials(async () => {
      const paymentToken = await this.paymentToken();
      const response = await this.authorized(
        route.path,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Payment-Authorization-Token': paymentToken },
          body: JSON.stringify(route.body),
        },
        () => (labelAsked = true),
      );
      if (!response.ok) return this.refusal(response, [paymentToken]);
      const { tracking_number, pdf, charge } = await route.read(response);
      return { ok: true as const, tracking_number, label_pdf: pdf, charge };
    });
    return bought.catch((error: unknown) => {
      // A fault of the token or payment requests, met before the label was asked, bought nothing.
      throw error instanceof UspsFault && !labelAsked ? error.asUnprocessed() : error;
    });
  }

  /** Labels 3.0 `DELETE /label/{trackingNumber}` (International Labels' for an S10 number): CANCELED, or DISPUTED when a refund was requested instead. */
  async cancel(trackingNumber: string): Promise<Refusable<{ status: string }>> {
    return this.refusingCredentials(async () => {
      const paymentToken = await this.paymentToken();
      const response = await this.authorized(uspsCancelPath(trackingNumber), {
        method: 'DELETE',
        headers: { 'X-Payment-Authorization-Token': paymentToken },
      });
      if (!response.ok) return this.refusal(response, [paymentToken]);
      const body = (await jsonOf(response)) as { status?: string } | undefined;
      return { ok: true, status: body?.status ?? 'CANCELED' };
    });
  }

  /**
   * Carrier Pickup 3.0 `POST /carrier-pickup`. It takes no idempotency key: a repeat schedules
   * another pickup, so a fault met before the pickup was asked (the token) says it was not.
   */
  async schedulePickup(pickup: UspsPickup): Promise<Refusable<{ confirmation_number: string }>> {
    const request = uspsPickupRequest(pickup);
    if (!request.ok) return request;
    let pickupAsked = false;
    const scheduled = this.refusingCredentials(async () => {
      const response = await this.authorized(
        '/pickup/v3/carrier-pickup',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request.body),
        },
        () => (pickupAsked = true),
      );
      if (!response.ok) return this.refusal(response, []);
      const body = (await jsonOf(response)) as { confirmationNumber?: string } | undefined;
      if (!body?.confirmationNumber)
        throw new UspsAnswerError('USPS answered the pickup without a confirmation number.');
      return { ok: true as const, confirmation_number: body.confirmationNumber };
    });
    return scheduled.catch((error: unknown) => {
      throw error instanceof UspsFault && !pickupAsked ? error.asUnprocessed() : error;
    });
  }

  /** Carrier Pickup 3.0: the ETag of `GET /carrier-pickup/{confirmationNumber}` as the DELETE's If-Match. */
  async cancelPickup(confirmationNumber: string): Promise<Refusable<object>> {
    const path = `/pickup/v3/carrier-pickup/${encodeURIComponent(confirmationNumber)}`;
    return this.refusingCredentials(async () => {
      const current = await this.authorized(path, { method: 'GET' });
      if (!current.ok) return this.refusal(current, []);
      await current.body?.cancel();
      const etag = current.headers.get('etag');
      if (!etag) return { ok: false, reason: 'USPS: the pickup was answered without its ETag.' };
      const response = await this.authorized(path, { method: 'DELETE', headers: { 'If-Match': etag } });
      if (!response.ok) return this.refusal(response, []);
      await response.body?.cancel();
      return { ok: true };
    });
  }

  private async paymentToken(): Promise<string> {
    // The access token first, on its own: a payment authorization fetched for every instance holds
    // the database while it is fetched, and then finds the access token kept.
    await this.sessions.accessToken(this.http, this.integration);
    return this.sessions.paymentToken(this.integration, (path, init) => this.authorized(path, init));
  }

  /** A request with the kept access token; on 401 the token is fetched again once and the request repeated. */
  private async authorized(path: string, init: RequestInit, onSend?: () => void): Promise<Response> {
    const send = (token: string) => {
      onSend?.();
      return uspsFetch(this.http, path, {
        ...init,
        headers: { Accept: 'application/json', ...init.headers, Authorization: `Bearer ${token}` },
      });
    };
    const token = await this.sessions.accessToken(this.http, this.integration);
    const first = await send(token);
    if (first.status !== 401) return first;
    await first.body?.cancel();
    await this.sessions.forgetAccessToken(this.integration, token);
    return send(await this.sessions.accessToken(this.http, this.integration));
  }

  private async refusal(response: Response, secrets: string[]): Promise<{ ok: false; reason: string }> {
    const body = await jsonOf(response);
    return {
      ok: false,
      reason: refusalReason(body, response.status, [...secretsOf(this.integration), ...secrets]),
    };
  }

  /** USPS refusing the integration's credentials or payment account refuses the request. */
  private async refusingCredentials<T extends { ok: boolean }>(
    work: () => Promise<T>,
  ): Promise<T | { ok: false; reason: string }> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UspsCredentialsRefused) return { ok: false, reason: error.reason };
      throw error;
    }
  }
}

function uspsPickupRequest(
  pickup: UspsPickup,
): { ok: true; body: UspsPickupRequest } | { ok: false; reason: string } {
  const address = uspsAddress(pickup.address);
  if (!address) return { ok: false, reason: 'USPS: a pickup address needs a state and a 5-digit ZIP Code.' };
  const packages: UspsPickupRequest['packages'] = [];
  for (const { service, count } of pickup.pieces) {
    const packageType = pickupPackageTypeOf(service);
    if (!packageType)
      return { ok: false, reason: `USPS: service ${service} is not picked up by USPS carriers.` };
    packages.push({ packageType, packageCount: count });
  }
  const { firstName, lastName, streetAddress, secondaryAddress, city, state, ZIPCode, email, phone } =
    address;
  const cellNumber = phone?.replace(/^\+?1?/, '');
  const contact = email ? [{ email }] : cellNumber && /^\d{10}$/.test(cellNumber) ? [{ cellNumber }] : [];
  if (contact.length === 0)
    return { ok: false, reason: 'USPS: a pickup needs an email or a 10-digit phone number.' };
  return {
    ok: true,
    body: {
      pickupDate: pickup.date,
      pickupAddress: {
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
        address: { streetAddress, ...(secondaryAddress ? { secondaryAddress } : {}), city, state, ZIPCode },
        contact,
      },
      packages,
      estimatedWeight: pickup.estimated_weight_lbs,
      pickupLocation: {
        packageLocation: pickup.location ?? (pickup.residential ? 'FRONT_DOOR' : 'OFFICE'),
        ...(pickup.instructions ? { specialInstructions: pickup.instructions } : {}),
      },
    },
  };
}
