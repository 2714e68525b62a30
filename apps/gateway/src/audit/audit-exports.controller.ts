import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type RequestContext, tenantOf } from '@shipping/contracts';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { AdminOnly } from '../http/auth/admin-key';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AccountAuditExportQuery, AdminAuditExportQuery } from './audit-export-query';
import { AuditExports } from './audit-exports';

const BUNDLE = 'The audit bundle, JSON Lines (application/jsonl): docs/audit.md#exports.';

/** Any account's audit bundle, for the operator's auditor. */
@ApiTags('admin')
@Controller('admin/audit')
@AdminOnly()
export class AdminAuditExportsController {
  constructor(private readonly exports: AuditExports) {}

  @ApiRoute({
    operationId: 'exportAccountAudit',
    summary: "An account's audit bundle: its events, their hashes, the checkpoints over them and the keys",
    success: { status: 200, description: BUNDLE },
    admin: true,
    query: { cls: AdminAuditExportQuery, invalid: { account: '' } },
  })
  @Get('exports')
  bundle(@Query(new Valid(AdminAuditExportQuery)) query: AdminAuditExportQuery) {
    return this.exports.bundle(query.account, query);
  }
}

/** The caller's own audit bundle: its key mode's streams and its account's configuration (decision 101). */
@ApiTags('Accounts')
@Controller('account')
export class AccountAuditExportController {
  constructor(private readonly exports: AuditExports) {}

  @ApiRoute({
    operationId: 'exportOwnAudit',
    summary: "The caller's audit bundle: its key mode's events, their hashes, the checkpoints and the keys",
    success: { status: 200, description: BUNDLE },
    query: { cls: AccountAuditExportQuery, invalid: { from: 'yesterday' } },
  })
  @Get('audit-export')
  bundle(
    @Query(new Valid(AccountAuditExportQuery)) query: AccountAuditExportQuery,
    @Caller() caller: RequestContext,
  ) {
    return this.exports.bundle(caller.accountId, query, tenantOf(caller).mode);
  }
}
