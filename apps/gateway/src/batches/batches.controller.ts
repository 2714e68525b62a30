import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  pageUrl,
  type RequestContext,
} from '@shipping/contracts';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { SerialisedAnswers } from '../http/envelope/serialised-answers';
import { BatchIdPipe } from './batch-id.pipe';
import { LabelLinks } from './label-links';
import { ApiRoute, STREAM_REVISION_HEADER } from '../openapi/api-route.decorator';

@ApiTags('Batches')
@Controller('batches')
export class BatchesController {
  /** Pages as lately answered, up to 8 MB of text: clients poll them, 15 KB a page of 100 items. */
  private readonly pages = new SerialisedAnswers(8 * 1024 * 1024);

  constructor(
    private readonly apps: AppRequestSender,
    private readonly labels: LabelLinks,
  ) {}

  /** Answers at once with status validating; items are validated asynchronously. */
  @ApiRoute({
    operationId: 'createBatch',
    summary: 'Create a batch of 1 to 1,000 parcel shipments (validated asynchronously)',
    beta: true,
    success: { status: 201, data: 'CreatedBatch' },
    body: CreateBatchRequest,
    idempotent: true,
    errors: ['shipperNotEligible'],
  })
  @Post()
  @HttpCode(201)
  create(@Body(new Valid(CreateBatchRequest)) body: CreateBatchRequest, @Caller() caller: RequestContext) {
    return this.apps.request(BatchPatterns.create, caller, body);
  }

  @ApiRoute({
    operationId: 'shipBatch',
    summary: 'Ship every item of a ready batch',
    beta: true,
    success: { status: 200, data: 'BatchSummary' },
    idempotent: true,
    errors: ['batchCredit', 'batchNotFound', 'batchNotReady', 'invalidItems'],
  })
  @Post(':batch_id/ship')
  @HttpCode(200)
  ship(@Param('batch_id', BatchIdPipe) batchId: string, @Caller() caller: RequestContext) {
    return this.apps.request(BatchPatterns.ship, caller, { batch_id: batchId });
  }

  /** The dashboard's batches page: the account's batches, newest first. */
  @ApiRoute({
    operationId: 'listBatches',
    summary: "The account's batches, newest first",
    beta: true,
    success: { status: 200, data: { page: 'BatchListEntry' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
  })
  @Get()
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<BatchListEntry[]>(BatchPatterns.list, caller, page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** The batch's history: the events of its stream, in order. */
  @ApiRoute({
    operationId: 'listBatchEvents',
    summary: "The batch's history: every event of its stream",
    beta: true,
    success: { status: 200, data: { page: 'BatchEvent' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
    errors: ['batchNotFound'],
  })
  @Get(':batch_id/events')
  async events(
    @Param('batch_id', BatchIdPipe) batchId: string,
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<BatchEventView[]>(BatchPatterns.events, caller, {
      batch_id: batchId,
      ...page,
    });
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** Now, from the read model, or `as_of` a past moment, folded from the batch's stream. */
  @ApiRoute({
    operationId: 'getBatch',
    summary: 'A batch with its results, a page of its items and its label files, now or as of a past moment',
    beta: true,
    success: { status: 200, data: 'Batch', headers: [STREAM_REVISION_HEADER] },
    query: { cls: BatchItemsQuery, invalid: { status: 'shipped' } },
    errors: ['batchNotFound', 'asOfPastEnd'],
  })
  @Get(':batch_id')
  async get(
    @Param('batch_id', BatchIdPipe) batchId: string,
    @Query(new Valid(BatchItemsQuery)) query: BatchItemsQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const page = query.toPageRequest();
    const found = await this.apps.request<BatchPage>(BatchPatterns.get, caller, {
      batch_id: batchId,
      status: query.status,
      as_of: query.moment(),
      ...page,
    });
    response.header(STREAM_REVISION_HEADER.name, found.revision);
    const links = listingLinks(request, {
      status: query.status,
      per_page: query.per_page,
      as_of: query.as_of,
    });
    const signedAt = hasLabels(found.batch) ? this.labels.signingSecond() : undefined;
    // The batch app names the revision after checking the stored one; the page's own URL holds
    // the host, the batch, the filter and the paging the links are made of.
    const key = `${found.revision} ${signedAt ?? '-'} ${pageUrl(links, page.page)}`;
    return this.pages.answer(key, () =>
      this.batchObject(found, paginate(found.items, page, links), request, signedAt),
    );
  }

  private batchObject({ batch }: BatchPage, items: unknown, request: FastifyRequest, signedAt?: number) {
    const { label_keys: keys, ...summary }: BatchSummary = batch;
    return {
      id: summary.id,
      status: summary.status,
      default_service: summary.default_service,
      default_shipper_id: summary.default_shipper_id,
      results: summary.results,
      items,
      ...(signedAt === undefined
        ? {}
        : { labels: keys.map((key) => this.labels.url(request, key, signedAt)) }),
    };
  }
}

/** A batch that is shipping or shipped shows its label files. */
function hasLabels(batch: BatchSummary): boolean {
  return batch.status === 'processing' || batch.status === 'completed';
}
