import { Controller, Inject } from '@nestjs/common';
import {
  type AppMessage,
  CarrierCredentialPatterns,
  type CarrierCredentialsResealed,
  type CarrierCredentialsSet,
  type CarrierCredentialsStored,
  type CarrierCredentialsVerified,
  type CarrierCredentialsVerify,
  carrierCredentialsContext,
  CREDENTIALS_BY_CARRIER,
  validateRequest,
  ValidationFailed,
} from '@shipping/contracts';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { CarrierCredentialStore, type CredentialFields } from './carrier-credential-store';
import { CredentialResealer } from './credential-resealer';
import { CredentialVerifier } from './credential-verifier';

/** Replies say what was done, never the credentials. */
@Controller()
export class CarrierCredentialsController {
  constructor(
    private readonly store: CarrierCredentialStore,
    private readonly verifier: CredentialVerifier,
    private readonly resealer: CredentialResealer,
    @Inject(MESSAGE_SECRETS) private readonly messageSecrets: SecretBox,
  ) {}

  /** The gateway validated the fields; they are checked again here, where they are opened. */
  @CommandPattern(CarrierCredentialPatterns.set)
  set({ context, payload }: AppMessage<CarrierCredentialsSet>): Promise<CarrierCredentialsStored> {
    const { shipper_id: shipperId, carrier } = payload;
    const type = CREDENTIALS_BY_CARRIER[carrier];
    if (!type) throw ValidationFailed.field('carrier', 'The carrier takes no credentials.');
    const opened = this.messageSecrets.open(
      payload.sealed_credentials,
      carrierCredentialsContext(context.accountId, shipperId),
    );
    const valid = validateRequest(type, JSON.parse(opened) as unknown);
    if (!valid.ok) throw new ValidationFailed(valid.errors);
    const fields = Object.fromEntries(
      Object.entries(valid.value).filter(([, value]) => typeof value === 'string'),
    ) as CredentialFields;
    return this.store.set(context.accountId, shipperId, carrier, fields);
  }

  /** Changes nothing here: a query, behind no idempotency layer. */
  @QueryPattern(CarrierCredentialPatterns.verify)
  verify({ context, payload }: AppMessage<CarrierCredentialsVerify>): Promise<CarrierCredentialsVerified> {
    return this.verifier.verify(context.accountId, payload.shipper_id);
  }

  @CommandPattern(CarrierCredentialPatterns.reseal)
  async reseal(): Promise<CarrierCredentialsResealed> {
    return { resealed: await this.resealer.resealAll(), key_id: this.resealer.currentKeyId };
  }
}
