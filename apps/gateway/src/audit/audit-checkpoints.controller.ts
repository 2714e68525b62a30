import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PageQuery, paginate } from '@shipping/contracts';
import type { FastifyRequest } from 'fastify';
import { Valid } from '../commands/valid-body.pipe';
import { listingLinks } from '../commands/listing-links';
import { ApiRoute } from '../openapi/api-route.decorator';
import { AuditExports } from './audit-exports';

/**
 * The signed checkpoints of the store, for an auditor to keep: one kept now proves later that
 * nothing before it was altered, removed or reordered. Behind an API key, as the bundles that carry
 * them are: their heads name other accounts' streams.
 */
@ApiTags('Audit')
@Controller('audit')
export class AuditCheckpointsController {
  constructor(private readonly exports: AuditExports) {}

  @ApiRoute({
    operationId: 'listAuditCheckpoints',
    summary: 'The signed audit checkpoints of $all, newest first',
    success: { status: 200, data: { page: 'AuditCheckpoint' } },
    query: { cls: PageQuery, invalid: { per_page: '0' } },
  })
  @Get('checkpoints')
  async checkpoints(@Query(new Valid(PageQuery)) query: PageQuery, @Req() request: FastifyRequest) {
    const page = query.toPageRequest();
    const rows = await this.exports.checkpointsPage(page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }
}
