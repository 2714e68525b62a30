import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  AccountPatterns,
  type AccountRecord,
  AddCreditRequest,
  CreateAccountRequest,
  CreateApiKeyRequest,
  CreateShipperRequest,
  formatCents,
  type KeyMode,
  LedgerPatterns,
  apiKeyNotFoundMessage,
  NotFound,
  PageQuery,
  paginate,
  parseCents,
  type ShipperRecord,
} from '@shipping/contracts';
import { ApiTags } from '@nestjs/swagger';
import { idOfRequest, OmittedFromReplay } from '@shipping/platform/idempotency';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { AdminOnly } from '../http/auth/admin-key';
import { ApiRoute } from '../openapi/api-route.decorator';
import { ApiKeys } from '../http/auth/api-keys';
import { accountIdOf, type AdminCaller, AdminRequest } from './admin-caller';
import { ShipperCredentials } from './shipper-credentials';

/** Onboarding: accounts, their API keys, shippers and credit. Every change is an event naming the admin key. */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(
    private readonly apps: AppRequestSender,
    private readonly keys: ApiKeys,
    private readonly shipperCredentials: ShipperCredentials,
  ) {}

  @ApiRoute({
    operationId: 'createAccount',
    summary: 'Open an account',
    success: { status: 201, data: 'AccountSummary' },
    admin: true,
    body: CreateAccountRequest,
    idempotent: true,
  })
  @Post('accounts')
  @HttpCode(201)
  async create(
    @Body(new Valid(CreateAccountRequest)) body: CreateAccountRequest,
    @AdminRequest() admin: AdminCaller,
  ) {
    const account = await this.apps.request<AccountRecord>(
      AccountPatterns.open,
      admin.about(`admin:${admin.actor}`),
      { name: body.name, weight_unit: body.weight_unit, length_unit: body.length_unit },
    );
    return withMessage({ ...account, balance: formatCents(0) }, 'Account created.');
  }

  @ApiRoute({
    operationId: 'listAccounts',
    summary: 'The accounts, oldest first',
    success: { status: 200, data: { page: 'Account' } },
    admin: true,
    query: { cls: PageQuery, invalid: { page: '0' } },
  })
  @Get('accounts')
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @AdminRequest() admin: AdminCaller,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<AccountRecord[]>(
      AccountPatterns.list,
      admin.about(`admin:${admin.actor}`),
      page,
    );
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** Both ledgers: an admin request has no key mode, so it shows the test and the live credit. */
  @ApiRoute({
    operationId: 'getAccountById',
    summary: 'An account and its test and live credit balances',
    success: { status: 200, data: 'AdminAccountSummary' },
    admin: true,
    errors: ['accountNotFound'],
  })
  @Get('accounts/:account_id')
  async show(@Param('account_id') id: string, @AdminRequest() admin: AdminCaller) {
    const account = await this.account(accountIdOf(id), admin);
    const balanceOf = (keyMode: KeyMode) =>
      this.apps.request<{ balance_cents: number }>(LedgerPatterns.balance, {
        ...admin.about(account.id),
        keyMode,
      });
    const [test, live] = await Promise.all([balanceOf('test'), balanceOf('live')]);
    return {
      ...account,
      balance: formatCents(test.balance_cents),
      live_balance: formatCents(live.balance_cents),
    };
  }

  @ApiRoute({
    operationId: 'createApiKey',
    summary: 'Issue an API key: the first answer is the only place the key appears',
    success: { status: 201, data: 'CreatedApiKey' },
    admin: true,
    body: CreateApiKeyRequest,
    errors: ['accountNotFound'],
    idempotent: true,
  })
  @Post('accounts/:account_id/api-keys')
  @HttpCode(201)
  @OmittedFromReplay('key')
  async createKey(
    @Param('account_id') id: string,
    @Body(new Valid(CreateApiKeyRequest)) body: CreateApiKeyRequest,
    @AdminRequest() admin: AdminCaller,
  ) {
    const account = await this.account(accountIdOf(id), admin);
    const issued = await this.keys.issue(account, body.mode, admin);
    return withMessage(issued, 'API key created. Keep the key now: it is never shown again.');
  }

  @ApiRoute({
    operationId: 'listApiKeys',
    summary: "The account's API keys, without the keys themselves",
    success: { status: 200, data: { list: 'ApiKey' } },
    admin: true,
    errors: ['accountNotFound'],
  })
  @Get('accounts/:account_id/api-keys')
  async listKeys(@Param('account_id') id: string, @AdminRequest() admin: AdminCaller) {
    const account = await this.account(accountIdOf(id), admin);
    return this.keys.list(account.id);
  }

  @ApiRoute({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key at once (revoking it again changes nothing)',
    success: { status: 200, data: 'ApiKey' },
    admin: true,
    errors: ['accountNotFound', 'apiKeyNotFound'],
  })
  @Delete('accounts/:account_id/api-keys/:key_id')
  async revokeKey(
    @Param('account_id') id: string,
    @Param('key_id') keyId: string,
    @AdminRequest() admin: AdminCaller,
  ) {
    const accountId = accountIdOf(id);
    if (!/^key_[A-Za-z0-9_-]{1,80}$/.test(keyId))
      throw new NotFound(apiKeyNotFoundMessage(accountId, keyId.slice(0, 80)));
    return withMessage(await this.keys.revoke(accountId, keyId, admin), 'API key revoked.');
  }

  /** With `credentials` (usps, ups, own integration), the label app keeps them sealed; the answer never shows them. */
  @ApiRoute({
    operationId: 'createShipper',
    summary: 'Add a shipper (a carrier integration) to the account, with its carrier credentials',
    success: { status: 201, data: 'Shipper' },
    admin: true,
    body: CreateShipperRequest,
    errors: ['accountNotFound'],
    idempotent: true,
  })
  @Post('accounts/:account_id/shippers')
  @HttpCode(201)
  async createShipper(
    @Param('account_id') id: string,
    @Body(new Valid(CreateShipperRequest)) body: CreateShipperRequest,
    @AdminRequest() admin: AdminCaller,
  ) {
    const accountId = accountIdOf(id);
    const shipper = await this.apps.request<ShipperRecord>(
      AccountPatterns.addShipper,
      admin.about(accountId),
      {
        carrier: body.carrier,
        own_integration: body.own_integration,
        name: body.name,
      },
    );
    // A null is absent, as the request's rules read it: the shipper is created without credentials.
    if (body.credentials === undefined || body.credentials === null)
      return withMessage(shipper, 'Shipper created.');
    const credentialed = await this.shipperCredentials.give(admin, accountId, shipper, body.credentials);
    return withMessage(credentialed, 'Shipper created with its credentials.');
  }

  /**
   * `amount` is a decimal string, turned into cents without a float; zero or less was refused as
   * 422. `mode` names the ledger, test unless it says live (decision 101).
   */
  @ApiRoute({
    operationId: 'addAccountCredit',
    summary: 'Add credit to the account',
    success: { status: 201, data: 'Credit' },
    admin: true,
    body: AddCreditRequest,
    errors: ['accountNotFound'],
    idempotent: true,
  })
  @Post('accounts/:account_id/credit')
  @HttpCode(201)
  async addCredit(
    @Param('account_id') id: string,
    @Body(new Valid(AddCreditRequest)) body: AddCreditRequest,
    @AdminRequest() admin: AdminCaller,
  ) {
    const account = await this.account(accountIdOf(id), admin);
    // A retry of the request (after a 503, with the same key) names the same credit: the ledger adds it once.
    const creditId =
      admin.idempotencyKey === undefined
        ? randomUUID()
        : idOfRequest('credit', account.id, admin.actor, admin.idempotencyKey);
    const amountCents = parseCents(body.amount);
    const { balance_cents } = await this.apps.request<{ balance_cents: number }>(
      LedgerPatterns.addCredit,
      admin.about(account.id),
      {
        credit_id: creditId,
        amount_cents: amountCents,
        reference: body.reference,
        actor: admin.actor,
        mode: body.mode,
      },
    );
    return withMessage(
      {
        id: creditId,
        account_id: account.id,
        mode: body.mode,
        amount: formatCents(amountCents),
        reference: body.reference,
        balance: formatCents(balance_cents),
      },
      'Credit added.',
    );
  }

  private account(accountId: string, admin: AdminCaller): Promise<AccountRecord> {
    return this.apps.request<AccountRecord>(AccountPatterns.get, admin.about(accountId));
  }
}
