import type { LabelPurchaseItem } from '@shipping/contracts';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sandboxTrackingNumber } from '../carrier/sandbox-tracking-number';
import { withReceiver } from '../testing/label-shipment.fixture';
import { type LabelHarness, startLabelHarness } from '../testing/label-harness';
import { documentTexts } from '../testing/pdf-text';

const itemIds = Array.from({ length: 250 }, (_, index) => `m${index}`);
const item = (item_id: string): LabelPurchaseItem => ({
  item_id,
  shipment: withReceiver(`Receiver ${item_id}`),
});
const keyOf = (itemId: string) => `items/${itemId}.pdf`;
const filesOf = (ids: string[]) =>
  [0, 100, 200].map((first, index) => ({
    file: index + 1,
    label_keys: ids.slice(first, first + 100).map(keyOf),
  }));
const trackingPerPage = async (pdf: Uint8Array) =>
  (await documentTexts(pdf)).map((texts) => texts.find((text) => /^9400\d{18}$/.test(text)));

describe('merging bought labels into files of at most 100', () => {
  let harness: LabelHarness;
  const read = (key: string) => readFile(join(harness.config.labelsRoot, key));

  beforeAll(async () => {
    harness = await startLabelHarness();
    await harness.purchases.purchase({ service: 'USPS-1', items: itemIds.map(item) });
  }, 120_000);
  afterAll(() => harness?.close());

  it('writes 250 labels as files of 100, 100 and 50 pages, each page in item order', async () => {
    const shuffled = [...itemIds.slice(0, 100).reverse(), ...itemIds.slice(100)];
    const reply = await harness.merges.merge({ batch_id: 'Bt7', files: filesOf(shuffled) });
    expect(reply).toEqual({
      files: [
        { file: 1, key: 'batches/Bt7/labels-1.pdf', pages: 100 },
        { file: 2, key: 'batches/Bt7/labels-2.pdf', pages: 100 },
        { file: 3, key: 'batches/Bt7/labels-3.pdf', pages: 50 },
      ],
    });
    const pages = [];
    for (const { key } of reply.files) pages.push(...(await trackingPerPage(await read(key))));
    expect(pages).toEqual(shuffled.map(sandboxTrackingNumber));
    expect(await readdir(join(harness.config.labelsRoot, 'batches/Bt7'))).toEqual([
      'labels-1.pdf',
      'labels-2.pdf',
      'labels-3.pdf',
    ]);
  }, 60_000);

  it('rewrites a file merged again with the same bytes', async () => {
    const files = [{ file: 1, label_keys: itemIds.slice(0, 30).map(keyOf) }];
    await harness.merges.merge({ batch_id: 'Again', files });
    const first = await read('batches/Again/labels-1.pdf');
    await harness.merges.merge({ batch_id: 'Again', files });
    expect(Buffer.compare(await read('batches/Again/labels-1.pdf'), first)).toBe(0);
  });

  it('refuses more than 100 labels in one file', async () => {
    const merge = harness.merges.merge({
      batch_id: 'Big',
      files: [{ file: 1, label_keys: itemIds.slice(0, 101).map(keyOf) }],
    });
    await expect(merge).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Label file 1 lists 101 labels; a file holds at most 100.',
    });
  });

  it('refuses keys under which no label is stored, naming them', async () => {
    const merge = harness.merges.merge({
      batch_id: 'Gap',
      files: [{ file: 1, label_keys: ['m1', 'never1', 'm2', 'never2'].map(keyOf) }],
    });
    await expect(merge).rejects.toMatchObject({
      code: 'conflict',
      message: 'No label is stored under items/never1.pdf, items/never2.pdf.',
      data: { label_keys: ['items/never1.pdf', 'items/never2.pdf'] },
    });
  });

  it('merges files named by item ids (the version before label keys) as their keys would', async () => {
    const ids = itemIds.slice(40, 60);
    await harness.merges.merge({ batch_id: 'ByKey', files: [{ file: 1, label_keys: ids.map(keyOf) }] });
    await harness.merges.merge({ batch_id: 'ByItem', files: [{ file: 1, item_ids: ids }] });
    expect(
      Buffer.compare(await read('batches/ByItem/labels-1.pdf'), await read('batches/ByKey/labels-1.pdf')),
    ).toBe(0);
  });

  it('refuses items without a bought label, naming them, in a request of the version before', async () => {
    const merge = harness.merges.merge({
      batch_id: 'Gap',
      files: [{ file: 1, item_ids: ['m1', 'never1', 'm2', 'never2'] }],
    });
    await expect(merge).rejects.toMatchObject({
      code: 'conflict',
      message: 'No label was bought for items never1, never2.',
      data: { item_ids: ['never1', 'never2'] },
    });
  });

  it.each([
    ['a batch id that would leave the folder', { batch_id: '../items', files: filesOf(itemIds).slice(0, 1) }],
    [
      'file numbers that repeat',
      {
        batch_id: 'Dup',
        files: [
          { file: 1, label_keys: [keyOf('m1')] },
          { file: 1, label_keys: [keyOf('m2')] },
        ],
      },
    ],
    ['a file number of 0', { batch_id: 'Zero', files: [{ file: 0, label_keys: [keyOf('m1')] }] }],
    ['an empty file', { batch_id: 'Empty', files: [{ file: 1, label_keys: [] }] }],
    [
      'a key outside the bought labels',
      { batch_id: 'Out', files: [{ file: 1, label_keys: ['batches/Bt7/labels-1.pdf'] }] },
    ],
    [
      'a key that would leave the folder',
      { batch_id: 'Up', files: [{ file: 1, label_keys: ['items/../../secret.pdf'] }] },
    ],
    [
      'an item id that would leave the folder',
      { batch_id: 'Old', files: [{ file: 1, item_ids: ['../m1'] }] },
    ],
  ])('refuses %s', async (_case, request) => {
    await expect(harness.merges.merge(request)).rejects.toMatchObject({ code: 'bad_request' });
  });
});
