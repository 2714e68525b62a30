import type { INestApplication } from '@nestjs/common';
import { ClockModule } from '@shipping/platform/clock';
import type { ClientProxy } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import {
  LabelPatterns,
  type LabelFileContent,
  type LabelMergeReply,
  type LabelPurchaseReply,
} from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { type SqlClient } from '@shipping/event-store';
import {
  connectMessageHandlers,
  createInProcessServer,
  InProcessMessagingModule,
  MESSAGE_CLIENT,
  sendRequest,
} from '@shipping/messaging';
import { TestStorageModule } from '@shipping/platform/storage';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxTrackingNumber } from './carrier/sandbox-tracking-number';
import { LABEL_CONFIG, readLabelConfig } from './label-config';
import { LabelModule } from './label.module';
import { withReceiver } from './testing/label-shipment.fixture';
import { documentTexts } from './testing/pdf-text';
import { LabelWorkerPool } from './workers/label-worker-pool';

describe.each([
  { store: undefined, kept: 'in the label folder, the default on PGlite' },
  { store: 'database', kept: 'in the database, as LABEL_STORE=database says' },
] as const)('the label app over the in-process transport, label files $kept', ({ store }) => {
  let sql: SqlClient;
  let labelsRoot: string;
  let app: INestApplication;
  let request: <T>(pattern: string, payload: unknown) => Promise<T>;

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    labelsRoot = await mkdtemp(join(tmpdir(), 'label-module-'));
    const moduleRef = await Test.createTestingModule({
      imports: [TestStorageModule.with(sql), InProcessMessagingModule.forRoot(), ClockModule, LabelModule],
    })
      .overrideProvider(LABEL_CONFIG)
      .useValue({ ...readLabelConfig({}), labelsRoot, workers: 2, ...(store && { store }) })
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
    const client = app.get<ClientProxy>(MESSAGE_CLIENT);
    const context = { accountId: 'acct_acme', correlationId: 'req-1' };
    request = (pattern, payload) => sendRequest(client, pattern, { context, payload });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sql?.close();
    await rm(labelsRoot, { recursive: true, force: true });
  });

  it('buys, merges and reads label files', async () => {
    const items = ['i1', 'i2', 'i3'].map((item_id) => ({ item_id, shipment: withReceiver(`To ${item_id}`) }));
    const bought = await request<LabelPurchaseReply>(LabelPatterns.purchase, { service: 'USPS-1', items });
    expect(bought.map((result) => result.ok && result.tracking_number)).toEqual(
      ['i1', 'i2', 'i3'].map(sandboxTrackingNumber),
    );

    const merged = await request<LabelMergeReply>(LabelPatterns.merge, {
      batch_id: 'B1',
      files: [{ file: 1, label_keys: ['items/i3.pdf', 'items/i1.pdf'] }],
    });
    expect(merged).toEqual({ files: [{ file: 1, key: 'batches/B1/labels-1.pdf', pages: 2 }] });

    const file = await request<LabelFileContent>(LabelPatterns.readFile, { key: 'batches/B1/labels-1.pdf' });
    const pages = await documentTexts(Buffer.from(file?.content_base64 ?? '', 'base64'));
    expect(pages.map((texts) => texts.find((text) => text.startsWith('To ')))).toEqual(['To i3', 'To i1']);

    const { rows } = await sql.query<{ key: string }>('select key from label_files order by key');
    const onDisk = await readdir(labelsRoot, { recursive: true });
    const keys = ['batches/B1/labels-1.pdf', 'items/i1.pdf', 'items/i2.pdf', 'items/i3.pdf'];
    if (store === 'database') expect([rows.map((row) => row.key), onDisk]).toEqual([keys, []]);
    else expect([rows, onDisk.filter((path) => path.endsWith('.pdf')).sort()]).toEqual([[], keys]);
  });

  it('answers null for a missing file and refuses a key outside the label folder', async () => {
    expect(await request(LabelPatterns.readFile, { key: 'batches/B1/labels-2.pdf' })).toBeNull();
    await expect(request(LabelPatterns.readFile, { key: '../pglite/secret.pdf' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('answers a merge naming keys under which no label is stored with a conflict', async () => {
    await expect(
      request(LabelPatterns.merge, { batch_id: 'B2', files: [{ file: 1, label_keys: ['items/nope.pdf'] }] }),
    ).rejects.toMatchObject({
      code: 'conflict',
      data: { label_keys: ['items/nope.pdf'] },
    });
  });

  it('still merges a file named by item ids, as the batch app of the version before asks', async () => {
    const merged = await request<LabelMergeReply>(LabelPatterns.merge, {
      batch_id: 'B3',
      files: [{ file: 1, item_ids: ['i2', 'i3'] }],
    });
    expect(merged).toEqual({ files: [{ file: 1, key: 'batches/B3/labels-1.pdf', pages: 2 }] });
    await expect(
      request(LabelPatterns.merge, { batch_id: 'B2', files: [{ file: 1, item_ids: ['nope'] }] }),
    ).rejects.toMatchObject({ code: 'conflict', data: { item_ids: ['nope'] } });
  });

  it('closes its worker pool with the application', async () => {
    const workers = app.get(LabelWorkerPool);
    await app.close();
    await expect(
      workers.render({
        tracking_number: '1',
        service_code: 'USPS-1',
        service_name: 'x',
        shipment: withReceiver('x'),
      }),
    ).rejects.toThrow('The label worker pool is closed.');
  });
});
