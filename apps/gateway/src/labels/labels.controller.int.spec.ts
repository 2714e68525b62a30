import { Controller, type INestApplication } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  type AppMessage,
  type LabelFileContent,
  type LabelFileReadRequest,
  LabelPatterns,
} from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { connectMessageHandlers, createInProcessServer, InProcessMessagingModule } from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { labelUrl, signLabelPath } from '@shipping/platform/label-urls';
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
import { LabelsController } from './labels.controller';

const SECRET = 'gateway-spec-label-secret';
const KEY = 'batches/Bt7/labels-1.pdf';
const PDF = Buffer.from('%PDF-1.7\n% a merged label file\n%%EOF\n');
const now = () => Math.floor(Date.now() / 1000);

/** The label app's side of `label.file.read`, over the same in-process transport. */
@Controller()
class FakeLabelFiles {
  static readonly reads: AppMessage<LabelFileReadRequest>[] = [];

  @MessagePattern(LabelPatterns.readFile)
  read(message: AppMessage<LabelFileReadRequest>): LabelFileContent {
    FakeLabelFiles.reads.push(message);
    return message.payload.key === KEY ? { content_base64: PDF.toString('base64') } : null;
  }
}

describe('GET /labels/*key: label files at signed URLs', () => {
  let sql: SqlClient;
  let store: PostgresEventStore;
  let app: INestApplication;
  const previousSecret = process.env['LABEL_URL_SECRET'];
  const path = (key: string, query: { expires: string; signature: string }) =>
    `/labels/${key}?expires=${query.expires}&signature=${query.signature}`;
  const get = (url: string) => request(app.getHttpServer()).get(url);

  beforeAll(async () => {
    process.env['LABEL_URL_SECRET'] = SECRET;
    sql = await createPgliteSqlClient();
    store = new PostgresEventStore(sql);
    await store.init();
    // The gateway's HTTP layer keeps API keys as events.
    const moduleRef = await Test.createTestingModule({
      imports: [
        TestStorageModule.with(sql, store),
        ClockModule,
        InProcessMessagingModule.forRoot(),
        GatewayHttpModule,
      ],
      controllers: [LabelsController, FakeLabelFiles],
      providers: [AppRequestSender],
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

  afterAll(async () => {
    process.env['LABEL_URL_SECRET'] = previousSecret;
    if (previousSecret === undefined) delete process.env['LABEL_URL_SECRET'];
    await app?.close();
    await store?.close(); // closes its SQL client too
  });

  it('answers the PDF bytes, not enveloped, without an API key', async () => {
    const url = new URL(labelUrl('http://any.host', KEY, SECRET, 600, now()));
    const response = await get(url.pathname + url.search)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="labels-1.pdf"');
    expect(Buffer.compare(response.body as Buffer, PDF)).toBe(0);
    expect(FakeLabelFiles.reads.at(-1)?.payload).toEqual({ key: KEY });
  });

  it('refuses a tampered link with 403 in the envelope, without reading the file', async () => {
    const reads = FakeLabelFiles.reads.length;
    const signed = signLabelPath(KEY, now() + 600, SECRET);
    for (const url of [
      path('batches/Bt7/labels-2.pdf', signed),
      path(KEY, { ...signed, expires: String(now() + 6000) }),
      path(KEY, { ...signed, signature: signed.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }),
      path(KEY, signLabelPath(KEY, now() + 600, 'another-secret-entirely')),
      `/labels/${KEY}`,
    ]) {
      const response = await get(url);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, message: 'The label link is invalid.' });
    }
    expect(FakeLabelFiles.reads.length).toBe(reads);
  });

  it('refuses an expired link with 403 and says it expired', async () => {
    const response = await get(path(KEY, signLabelPath(KEY, now() - 1, SECRET)));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: 'The label link has expired.' });
  });

  it('answers 404 for a validly signed key without a file', async () => {
    const key = 'batches/Bt7/labels-9.pdf';
    const response = await get(path(key, signLabelPath(key, now() + 600, SECRET)));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Label file not found.' });
  });

  it('answers 404 in the envelope for /labels/ with no key at all', async () => {
    const reads = FakeLabelFiles.reads.length;
    const response = await get('/labels/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Not found.' });
    expect(FakeLabelFiles.reads).toHaveLength(reads);
  });
});
