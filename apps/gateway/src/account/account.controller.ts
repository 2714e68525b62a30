import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AccountPatterns,
  type AccountRecord,
  AsOfQuery,
  type BalanceAnswer,
  type BalanceQuery,
  formatCents,
  type LedgerEntryView,
  LedgerPatterns,
  PageQuery,
  paginate,
  type RequestContext,
  tenantOf,
} from '@shipping/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { ApiRoute, STREAM_REVISION_HEADER } from '../openapi/api-route.decorator';

/** The caller's own account: its name, units and credit, the key's mode, and the ledger behind the credit. */
@ApiTags('Accounts')
@Controller('account')
export class AccountController {
  constructor(private readonly apps: AppRequestSender) {}

  /** The balance of the key's mode, now or `as_of` a past moment of its ledger stream. */
  @ApiRoute({
    operationId: 'getAccount',
    summary: "The caller's account, its credit balance (now or as of a past moment) and the key's mode",
    success: { status: 200, data: 'CallerAccount', headers: [STREAM_REVISION_HEADER] },
    query: { cls: AsOfQuery, invalid: { as_of: 'yesterday' } },
    errors: ['asOfPastEnd'],
  })
  @Get()
  async show(
    @Query(new Valid(AsOfQuery)) query: AsOfQuery,
    @Caller() caller: RequestContext,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const balanceQuery: BalanceQuery = { as_of: query.moment() };
    const [account, { balance_cents, revision }] = await Promise.all([
      this.apps.request<AccountRecord>(AccountPatterns.get, caller),
      this.apps.request<BalanceAnswer>(LedgerPatterns.balance, caller, balanceQuery),
    ]);
    if (revision !== null) response.header(STREAM_REVISION_HEADER.name, revision);
    return {
      id: account.id,
      name: account.name,
      balance: formatCents(balance_cents),
      weight_unit: account.weight_unit,
      length_unit: account.length_unit,
      created_at: account.created_at,
      mode: tenantOf(caller).mode,
    };
  }

  /** Charges, refunds and credits, newest first. */
  @ApiRoute({
    summary: "The account's credits, charges and refunds, newest first",
    operationId: 'listLedgerEntries',
    success: { status: 200, data: { page: 'LedgerEntry' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
  })
  @Get('ledger')
  async ledger(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<LedgerEntryView[]>(LedgerPatterns.entries, caller, page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }
}
