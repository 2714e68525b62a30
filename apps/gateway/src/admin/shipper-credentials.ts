import { Inject, Injectable } from '@nestjs/common';
import {
  AccountPatterns,
  type CarrierCredentials,
  CarrierCredentialPatterns,
  type CarrierCredentialsStored,
  type CarrierCredentialsVerified,
  carrierCredentialsContext,
  NotFound,
  shipperNotFoundMessage,
  type RequestContext,
  type ShipperRecord,
  ValidationFailed,
} from '@shipping/contracts';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { AppRequestSender } from '../commands/app-request-sender';
import type { AdminCaller } from './admin-caller';

/** The label app's commands carry no Idempotency-Key: each retry seals afresh, and setting the same credentials again is harmless. */
const unkeyed = ({ idempotencyKey: _key, ...context }: RequestContext): RequestContext => context;

/**
 * A shipper's carrier credentials go to the label app sealed with the message secret box (never in
 * clear on a transport); the account's stream records only that they were set, and by which admin key.
 */
@Injectable()
export class ShipperCredentials {
  constructor(
    private readonly apps: AppRequestSender,
    @Inject(MESSAGE_SECRETS) private readonly messageSecrets: SecretBox,
  ) {}

  async shipper(admin: AdminCaller, accountId: string, rawShipperId: string): Promise<ShipperRecord> {
    const shipperId = /^\d{1,10}$/.test(rawShipperId) ? Number(rawShipperId) : NaN;
    const shippers = await this.apps.request<ShipperRecord[]>(
      AccountPatterns.listShippers,
      admin.about(accountId),
    );
    const shipper = shippers.find((known) => known.id === shipperId);
    if (!shipper) throw new NotFound(shipperNotFoundMessage(accountId, rawShipperId.slice(0, 80)));
    return shipper;
  }

  async give(
    admin: AdminCaller,
    accountId: string,
    shipper: ShipperRecord,
    credentials: CarrierCredentials,
  ): Promise<ShipperRecord> {
    if (shipper.integration !== 'own')
      throw ValidationFailed.field(
        'credentials',
        "Only a shipper of the account's own integration takes credentials.",
      );
    const sealed = this.messageSecrets.seal(
      JSON.stringify(credentials),
      carrierCredentialsContext(accountId, shipper.id),
    );
    await this.apps.request<CarrierCredentialsStored>(
      CarrierCredentialPatterns.set,
      unkeyed(admin.about(accountId)),
      { shipper_id: shipper.id, carrier: shipper.carrier, sealed_credentials: sealed },
    );
    return this.apps.request<ShipperRecord>(
      AccountPatterns.recordShipperCredentials,
      admin.about(accountId),
      {
        shipper_id: shipper.id,
      },
    );
  }

  verify(admin: AdminCaller, accountId: string, shipper: ShipperRecord): Promise<CarrierCredentialsVerified> {
    return this.apps.request<CarrierCredentialsVerified>(
      CarrierCredentialPatterns.verify,
      unkeyed(admin.about(accountId)),
      { shipper_id: shipper.id },
    );
  }
}
