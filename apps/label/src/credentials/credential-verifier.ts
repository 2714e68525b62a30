import { Inject, Injectable } from '@nestjs/common';
import {
  type CarrierCredentialsVerified,
  carrierUnavailableMessage,
  noCarrierCredentialsMessage,
  NotFound,
  Unavailable,
  ValidationFailed,
} from '@shipping/contracts';
import { USPS_API_URL } from '../carrier/usps/usps-api-url';
import { UspsFault } from '../carrier/usps/usps-faults';
import { UspsCredentialsRefused, UspsSessions } from '../carrier/usps/usps-sessions';
import { CarrierCredentialStore } from './carrier-credential-store';
import { uspsIntegrationOf } from './usps-integration';

const VERIFY_TIMEOUT_MS = 15_000;

/**
 * Asks the carrier for a token with a shipper's stored credentials. A refusal is the answer
 * (`verified: false` with the carrier's message, cleaned of the credentials); a carrier that
 * cannot be reached is `unavailable`, to try again later.
 */
@Injectable()
export class CredentialVerifier {
  constructor(
    private readonly store: CarrierCredentialStore,
    @Inject(USPS_API_URL) private readonly uspsApiUrl: string,
  ) {}

  async verify(accountId: string, shipperId: number): Promise<CarrierCredentialsVerified> {
    const stored = await this.store.open(accountId, shipperId);
    if (!stored) throw new NotFound(noCarrierCredentialsMessage(shipperId));
    if (stored.carrier !== 'usps')
      throw ValidationFailed.field(
        'carrier',
        `Verifying ${stored.carrier} credentials is not supported yet: they are stored for when it is.`,
      );
    // A session of its own: a token kept from before would not prove the credentials work now.
    const sessions = new UspsSessions();
    const http = { baseUrl: this.uspsApiUrl, timeoutMs: VERIFY_TIMEOUT_MS, now: sessions.now };
    try {
      await sessions.accessToken(http, uspsIntegrationOf(`verify-${shipperId}`, stored.fields));
      return { verified: true };
    } catch (error) {
      if (error instanceof UspsCredentialsRefused) return { verified: false, carrier_message: error.reason };
      if (error instanceof UspsFault) throw new Unavailable(carrierUnavailableMessage(error.message));
      throw error;
    }
  }
}
