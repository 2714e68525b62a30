import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CarrierCredentialPatterns,
  type CarrierCredentialsResealed,
  credentialsRefusedMessage,
  ReplaceCredentialsRequest,
  validateCredentials,
  ValidationFailed,
} from '@shipping/contracts';
import { AppRequestSender } from '../commands/app-request-sender';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { AdminOnly } from '../http/auth/admin-key';
import { ApiRoute } from '../openapi/api-route.decorator';
import { accountIdOf, type AdminCaller, AdminRequest } from './admin-caller';
import { ShipperCredentials } from './shipper-credentials';

/** Shippers' carrier credentials: replaced, verified with the carrier, resealed under a new key. Never shown. */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminCredentialsController {
  constructor(
    private readonly credentials: ShipperCredentials,
    private readonly apps: AppRequestSender,
  ) {}

  @ApiRoute({
    operationId: 'replaceShipperCredentials',
    summary: "Replace a shipper's carrier credentials (the answer never shows them)",
    success: { status: 200, data: 'Shipper' },
    admin: true,
    body: ReplaceCredentialsRequest,
    errors: ['accountNotFound', 'shipperNotFound'],
  })
  @Put('accounts/:account_id/shippers/:shipper_id/credentials')
  async replace(
    @Param('account_id') id: string,
    @Param('shipper_id') shipperId: string,
    @Body(new Valid(ReplaceCredentialsRequest)) body: ReplaceCredentialsRequest,
    @AdminRequest() admin: AdminCaller,
  ) {
    const accountId = accountIdOf(id);
    const shipper = await this.credentials.shipper(admin, accountId, shipperId);
    const valid = validateCredentials(shipper.carrier, body.credentials);
    if (!valid.ok) throw new ValidationFailed(valid.errors);
    const updated = await this.credentials.give(admin, accountId, shipper, valid.value);
    return withMessage(updated, 'Credentials replaced.');
  }

  /** 200 `{ verified: true }`; a carrier refusing them is 422 with its message (cleaned of secrets) at `credentials`. */
  @ApiRoute({
    operationId: 'verifyShipperCredentials',
    summary: "Check a shipper's carrier credentials: ask the carrier for a token with them",
    success: { status: 200, data: 'CredentialsVerified' },
    admin: true,
    idempotent: true,
    errors: [
      'accountNotFound',
      'shipperNotFound',
      'noCredentials',
      'carrierRefusedCredentials',
      'carrierUnavailable',
    ],
  })
  @Post('accounts/:account_id/shippers/:shipper_id/credentials/verify')
  @HttpCode(200)
  async verify(
    @Param('account_id') id: string,
    @Param('shipper_id') shipperId: string,
    @AdminRequest() admin: AdminCaller,
  ) {
    const accountId = accountIdOf(id);
    const shipper = await this.credentials.shipper(admin, accountId, shipperId);
    const answer = await this.credentials.verify(admin, accountId, shipper);
    if (!answer.verified)
      throw ValidationFailed.field('credentials', credentialsRefusedMessage(answer.carrier_message));
    return withMessage(answer, 'The carrier accepted the credentials.');
  }

  @ApiRoute({
    operationId: 'resealCarrierCredentials',
    summary: 'Reseal every stored carrier credential under the newest CARRIER_CREDENTIAL_KEYS key',
    success: { status: 200, data: 'CredentialsResealed' },
    admin: true,
    idempotent: true,
  })
  @Post('carrier-credentials/reseal')
  @HttpCode(200)
  async reseal(@AdminRequest() admin: AdminCaller) {
    const answer = await this.apps.request<CarrierCredentialsResealed>(
      CarrierCredentialPatterns.reseal,
      admin.about(`admin:${admin.actor}`),
    );
    return withMessage(answer, `Carrier credentials are sealed under key "${answer.key_id}".`);
  }
}
