import type { LabelFileContent, LabelPurchaseItem } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { readdir } from 'node:fs/promises';
import { sandboxTrackingNumber } from './carrier/sandbox-tracking-number';
import type { LabelStoreKind } from './label-config';
import { LabelsController } from './labels.controller';
import { type LabelHarness, startLabelHarness } from './testing/label-harness';
import { withReceiver } from './testing/label-shipment.fixture';
import { documentTexts } from './testing/pdf-text';

const itemIds = Array.from({ length: 150 }, (_, index) => `s${index}`);
const item = (item_id: string): LabelPurchaseItem => ({ item_id, shipment: withReceiver(`To ${item_id}`) });
const keysOf = (ids: string[]) => ids.map((itemId) => `items/${itemId}.pdf`);
const FILES = [
  { file: 1, label_keys: keysOf(itemIds.slice(0, 100)) },
  { file: 2, label_keys: keysOf(itemIds.slice(100)) },
];
const context = { accountId: 'acct_acme', correlationId: 'label-instances' };
const trackingPerPage = async (pdf: Uint8Array) =>
  (await documentTexts(pdf)).map((texts) => texts.find((text) => /^9400\d{18}$/.test(text)));

/**
 * Two label app instances behind one Kafka consumer group: each its own SQL pool, worker pool and
 * DATA_DIR, both on one PostgreSQL database. A batch's labels are bought by one and merged by the
 * other, and a download reaches either. Only a store both read can serve that: with `files`, the
 * same spec fails (it.failing), as the label folder of one instance is not the other's.
 */
describe.each<LabelStoreKind>(['database', 'files'])(
  'two label app instances on one database, label files in %s',
  (store) => {
    const shared = store === 'database';
    const itShared = shared ? it : it.failing;
    let database: TestDatabase;
    let a: LabelHarness;
    let b: LabelHarness;
    const read = async (instance: LabelHarness, key: string) => {
      const controller = new LabelsController(instance.purchases, instance.merges, instance.files);
      const file: LabelFileContent = await controller.read({ context, payload: { key } });
      return file && Buffer.from(file.content_base64, 'base64');
    };

    beforeAll(async () => {
      database = await createTestDatabase(`label_instances_${store}`);
      a = await startLabelHarness(2, createPgSqlClient(database.url, { max: 4 }), store);
      b = await startLabelHarness(2, createPgSqlClient(database.url, { max: 4 }), store);
      expect(a.config.labelsRoot).not.toBe(b.config.labelsRoot);
    }, 60_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('buys 150 labels on instance A', async () => {
      const bought = await a.purchases.purchase({ service: 'USPS-1', items: itemIds.map(item) });
      expect(bought.map((result) => result.ok && result.tracking_number)).toEqual(
        itemIds.map(sandboxTrackingNumber),
      );
    });

    itShared('merges on instance B the labels bought on A, page by page in item order', async () => {
      const reply = await b.merges.merge({ batch_id: 'Shared', files: FILES });
      expect(reply).toEqual({
        files: [
          { file: 1, key: 'batches/Shared/labels-1.pdf', pages: 100 },
          { file: 2, key: 'batches/Shared/labels-2.pdf', pages: 50 },
        ],
      });
    });

    itShared('serves the merged files and the item labels from both instances', async () => {
      for (const instance of [a, b]) {
        const pages = [];
        for (const file of [1, 2]) {
          const pdf = await read(instance, `batches/Shared/labels-${file}.pdf`);
          expect(pdf).not.toBeNull();
          pages.push(...(await trackingPerPage(pdf as Buffer)));
        }
        expect(pages).toEqual(itemIds.map(sandboxTrackingNumber));
      }
      const [labelTexts] = await documentTexts((await read(b, 'items/s7.pdf')) as Buffer);
      expect(labelTexts).toEqual(expect.arrayContaining([sandboxTrackingNumber('s7'), 'To s7']));
    });

    it('answers null for a key without a file and bad_request for an unsafe key, on either instance', async () => {
      for (const instance of [a, b]) {
        expect(await read(instance, 'batches/Shared/labels-9.pdf')).toBeNull();
        await expect(read(instance, '../pglite/secret.pdf')).rejects.toMatchObject({ code: 'bad_request' });
      }
    });

    if (shared) {
      it('keeps nothing in either instance’s label folder', async () => {
        for (const instance of [a, b]) await expect(readdir(instance.config.labelsRoot)).resolves.toEqual([]);
      });

      it('stores a label before its row: after a failure between them, the retry on the other instance records the stored label', async () => {
        const record = jest.spyOn(a.store, 'record').mockRejectedValueOnce(new Error('instance A died'));
        await expect(a.purchases.purchase({ service: 'USPS-1', items: [item('f1')] })).rejects.toThrow(
          'instance A died',
        );
        record.mockRestore();
        const stored = await read(b, 'items/f1.pdf');
        expect(stored).not.toBeNull();
        const [retried] = await b.purchases.purchase({ service: 'USPS-1', items: [item('f1')] });
        expect(retried).toMatchObject({ ok: true, label_key: 'items/f1.pdf' });
        expect(Buffer.compare((await read(a, 'items/f1.pdf')) as Buffer, stored as Buffer)).toBe(0);
      });
    }
  },
);
