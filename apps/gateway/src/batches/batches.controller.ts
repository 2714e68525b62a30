import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  type BatchEventView,
  BatchItemsQuery,
  type BatchListEntry,
  type BatchPage,
  BatchPatterns,
  type BatchSummary,
  CreateBatchRequest,
  PageQuery,
  paginate,
} from '@shipping/contracts';
import { CommandBus } from '../commands/command-bus';
import { listingLinks } from '../commands/listing-links';
import { requestContext } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { type AuthenticatedAccount, CurrentAccount, RequestId } from '../http';
import { LabelLinks } from './label-links';

/** Batch ids are opaque hash ids; anything longer than this is no batch of ours. */
const MAX_BATCH_ID_LENGTH = 64;

@Controller('batches')
export class BatchesController {
  constructor(
    private readonly bus: CommandBus,
    private readonly labels: LabelLinks,
  ) {}

  /** Answers at once with status validating; items are validated asynchronously. */
  @Post()
  @HttpCode(201)
  create(
    @Body(new Valid(CreateBatchRequest)) body: CreateBatchRequest,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
  ) {
    return this.bus.request(BatchPatterns.create, requestContext(account, requestId), body);
  }

  @Post(':batchId/ship')
  @HttpCode(200)
  ship(@Param('batchId') batchId: string, @CurrentAccount() account: AuthenticatedAccount, @RequestId() requestId: string) {
    return this.bus.request(BatchPatterns.ship, requestContext(account, requestId), { batch_id: batchId.slice(0, MAX_BATCH_ID_LENGTH) });
  }

  /** The dashboard's batches page: the account's batches, newest first. */
  @Get()
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
    @Req() request: Request,
  ) {
    const page = query.toPageRequest();
    const rows = await this.bus.request<BatchListEntry[]>(BatchPatterns.list, requestContext(account, requestId), page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** The batch's history: the events of its stream, in order. */
  @Get(':batchId/events')
  async events(
    @Param('batchId') batchId: string,
    @Query(new Valid(PageQuery)) query: PageQuery,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
    @Req() request: Request,
  ) {
    const page = query.toPageRequest();
    const rows = await this.bus.request<BatchEventView[]>(BatchPatterns.events, requestContext(account, requestId), {
      batch_id: batchId.slice(0, MAX_BATCH_ID_LENGTH),
      ...page,
    });
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  @Get(':batchId')
  async get(
    @Param('batchId') batchId: string,
    @Query(new Valid(BatchItemsQuery)) query: BatchItemsQuery,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
    @Req() request: Request,
  ) {
    const page = query.toPageRequest();
    const found = await this.bus.request<BatchPage>(BatchPatterns.get, requestContext(account, requestId), {
      batch_id: batchId.slice(0, MAX_BATCH_ID_LENGTH),
      status: query.status,
      ...page,
    });
    return this.batchObject(found, paginate(found.items, page, listingLinks(request, { status: query.status, per_page: query.per_page })), request);
  }

  private batchObject({ batch }: BatchPage, items: unknown, request: Request) {
    const { label_keys: keys, ...summary }: BatchSummary = batch;
    const shipped = summary.status === 'processing' || summary.status === 'completed';
    return {
      id: summary.id,
      status: summary.status,
      default_service: summary.default_service,
      default_shipper_id: summary.default_shipper_id,
      results: summary.results,
      items,
      ...(shipped ? { labels: keys.map((key) => this.labels.url(request, key)) } : {}),
    };
  }
}
