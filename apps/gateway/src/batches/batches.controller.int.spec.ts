import { Controller, type INestApplication } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  type AppMessage,
  type BatchItemView,
  type BatchPage,
  BatchPatterns,
  type BatchSummary,
  encodeHashId,
  type GetBatchQuery,
} from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { connectMessageHandlers, createInProcessServer, InProcessMessagingModule } from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { TestStorageModule } from '@shipping/platform/storage';
import request from 'supertest';
import { AppRequestSender } from '../commands/app-request-sender';
import {
  configureGatewayApp,
  createGatewayAdapter,
  DEFAULT_GATEWAY_HTTP_CONFIG,
  GATEWAY_HTTP_CONFIG,
  GatewayHttpModule,
} from '../http';
import { weakEtag } from '../http/envelope/serialised-success';
import { BatchesController } from './batches.controller';
import { LabelLinks } from './label-links';

const BATCH = encodeHashId('batch', 7);
const ACME = { Authorization: 'Bearer sk_test_acme' };

const items = (count: number, status: BatchItemView['status']): BatchItemView[] =>
  Array.from({ length: count }, (_, index) => ({
    id: encodeHashId('item', index + 1),
    status,
    errors: null,
    shipment_order: status === 'completed' ? { main_tracking_number: `TRK${index}` } : null,
  }));

const summary = (status: BatchSummary['status'], label_keys: string[] = []): BatchSummary => ({
  id: BATCH,
  status,
  default_service: 'USPS-1',
  default_shipper_id: '1',
  results: {
    total_count: 5,
    valid_count: 5,
    invalid_count: 0,
    completed_count: 0,
    failed_count: 0,
    completion_percentage: '0%',
  },
  label_keys,
});

/** The batch app's side of `batch.get`: the page it holds now, at the revision it says. */
@Controller()
class FakeBatchReadModel {
  static current: { batch: BatchSummary; items: BatchItemView[]; revision: string };
  static readonly queries: GetBatchQuery[] = [];

  @MessagePattern(BatchPatterns.get)
  get({ payload }: AppMessage<GetBatchQuery>): BatchPage {
    FakeBatchReadModel.queries.push(payload);
    const { batch, items: all, revision } = FakeBatchReadModel.current;
    const from = (payload.page - 1) * payload.per_page;
    return { batch, items: all.slice(from, from + payload.per_page + 1), revision };
  }
}

describe('GET /batches/{id}: pages answered from their serialised text while the batch stands still', () => {
  let sql: SqlClient;
  let store: PostgresEventStore;
  let app: INestApplication;
  // supertest listens on a new port for each request: one Host keeps links the same.
  const get = (url: string) => request(app.getHttpServer()).get(url).set(ACME).set('Host', 'api.example');

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    store = new PostgresEventStore(sql);
    await store.init();
    const moduleRef = await Test.createTestingModule({
      imports: [
        TestStorageModule.with(sql, store),
        ClockModule,
        InProcessMessagingModule.forRoot(),
        GatewayHttpModule,
      ],
      controllers: [BatchesController, FakeBatchReadModel],
      providers: [AppRequestSender, LabelLinks],
    })
      .overrideProvider(GATEWAY_HTTP_CONFIG)
      .useValue({ ...DEFAULT_GATEWAY_HTTP_CONFIG, logLevel: 'silent', rateLimitPerMinute: 0 })
      .compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(
      createGatewayAdapter(DEFAULT_GATEWAY_HTTP_CONFIG),
      { bodyParser: false },
    );
    configureGatewayApp(app as NestFastifyApplication);
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
    await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  }, 60_000);

  beforeEach(() => {
    FakeBatchReadModel.current = { batch: summary('ready'), items: items(5, 'valid'), revision: '6' };
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it('answers a repeat read with the same bytes and ETag, asking the batch app each time', async () => {
    const asked = FakeBatchReadModel.queries.length;
    const first = await get(`/batches/${BATCH}?per_page=2&page=2`).expect(200);
    const again = await get(`/batches/${BATCH}?per_page=2&page=2`).expect(200);

    expect(FakeBatchReadModel.queries.length).toBe(asked + 2);
    expect(again.text).toBe(first.text);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toBe(weakEtag(first.text));
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(first.body).toEqual({
      success: true,
      data: {
        id: BATCH,
        status: 'ready',
        default_service: 'USPS-1',
        default_shipper_id: '1',
        results: summary('ready').results,
        items: expect.objectContaining({
          current_page: 2,
          data: items(5, 'valid').slice(2, 4),
          from: 3,
          to: 4,
          per_page: 2,
          next_page_url: expect.stringMatching(new RegExp(`/batches/${BATCH}\\?per_page=2&page=3$`)),
        }),
      },
    });
  });

  it('answers 304 without a body to the current tag', async () => {
    const first = await get(`/batches/${BATCH}`).expect(200);
    const unchanged = await get(`/batches/${BATCH}`).set('If-None-Match', first.headers.etag).expect(304);

    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
  });

  it('answers anew once the batch app names another revision', async () => {
    const before = await get(`/batches/${BATCH}`).expect(200);
    FakeBatchReadModel.current = { ...FakeBatchReadModel.current, items: items(5, 'invalid'), revision: '7' };

    const after = await get(`/batches/${BATCH}`).set('If-None-Match', before.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.data.items.data.map((item: BatchItemView) => item.status)).toEqual(
      Array(5).fill('invalid'),
    );
  });

  it('makes the links of each page, filter and host the request named', async () => {
    const links = async (path: string, host: string) => {
      const { body } = await get(path).set('Host', host).expect(200);
      return [body.data.items.first_page_url, body.data.items.next_page_url];
    };

    expect(await links(`/batches/${BATCH}?per_page=2`, 'a.example')).toEqual([
      `http://a.example/batches/${BATCH}?per_page=2&page=1`,
      `http://a.example/batches/${BATCH}?per_page=2&page=2`,
    ]);
    expect(await links(`/batches/${BATCH}?per_page=2`, 'b.example')).toEqual([
      `http://b.example/batches/${BATCH}?per_page=2&page=1`,
      `http://b.example/batches/${BATCH}?per_page=2&page=2`,
    ]);
    expect(await links(`/batches/${BATCH}?per_page=2&status=valid`, 'a.example')).toEqual([
      `http://a.example/batches/${BATCH}?status=valid&per_page=2&page=1`,
      `http://a.example/batches/${BATCH}?status=valid&per_page=2&page=2`,
    ]);
    expect(await links(`/batches/${BATCH}?per_page=4`, 'a.example')).toEqual([
      `http://a.example/batches/${BATCH}?per_page=4&page=1`,
      `http://a.example/batches/${BATCH}?per_page=4&page=2`,
    ]);
  });

  it('signs the label links of a shipped batch afresh each second', async () => {
    FakeBatchReadModel.current = {
      batch: summary('processing', ['batches/7/labels-1.pdf']),
      items: items(5, 'completed'),
      revision: '20',
    };
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    const labels = async () => (await get(`/batches/${BATCH}`).expect(200)).body.data.labels as string[];

    const first = await labels();
    now.mockReturnValue(1_800_000_000_900);
    expect(await labels()).toEqual(first);
    now.mockReturnValue(1_800_000_001_000);
    const next = await labels();

    expect(first).toEqual([expect.stringContaining(`expires=${1_800_000_000 + 7 * 24 * 3600}&`)]);
    expect(next).toEqual([expect.stringContaining(`expires=${1_800_000_001 + 7 * 24 * 3600}&`)]);
  });
});
