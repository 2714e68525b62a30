import { deciderSpec } from '@shipping/testing';
import { batchDecider } from './batch-decider';
import type { ItemLabelOutcome, RecordLabelResults, RecordMergedFiles } from './batch-commands';
import type { BatchEvent, MergedLabelFile } from './batch-events';
import {
  BATCH,
  batchCompleted,
  completed,
  failed,
  item,
  merged,
  now,
  processingBatch,
  readyBatch,
} from './batch-history.fixture';
import { labelFileGroups, settledLabelFileGroups } from './finish-batch';

const spec = deciderSpec(batchDecider);

const labelled = (results: ItemLabelOutcome[]): RecordLabelResults => ({
  type: 'RecordLabelResults',
  batchId: BATCH,
  results,
});
const ok = (index: number): ItemLabelOutcome => ({
  item_id: item(index),
  ok: true,
  tracking_number: `TRK${index}`,
  label_key: `labels/${item(index)}.pdf`,
});
const notOk = (index: number): ItemLabelOutcome => ({
  item_id: item(index),
  ok: false,
  reason: 'Carrier refused the address',
});
const mergedFiles = (files: MergedLabelFile[]): RecordMergedFiles => ({
  type: 'RecordMergedFiles',
  batchId: BATCH,
  files,
  now,
});
const file = (number: number, indexes: number[]): MergedLabelFile => ({
  file: number,
  key: `merged/${BATCH}-${number}.pdf`,
  item_ids: indexes.map(item),
});
const fold = (events: BatchEvent[]) => events.reduce(batchDecider.evolve, batchDecider.initialState);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => from + offset);

describe('recording label results', () => {
  it('completes items at their price and fails others with a refund of their price, in index order', () => {
    spec
      .given(processingBatch([995, 1165, 2480]))
      .when(labelled([notOk(2), ok(0)]))
      .then([completed(0, 995), failed(2, 2480)]);
  });

  it('ignores finished and unknown items', () => {
    spec
      .given([...processingBatch([995, 1165]), completed(0, 995)])
      .when(labelled([notOk(0), ok(9), ok(1)]))
      .then([completed(1, 1165)]);
  });

  it('decides nothing for a batch that is not processing', () => {
    spec
      .given(readyBatch([995]))
      .when(labelled([ok(0)]))
      .then([]);
  });
});

describe('recording merged label files', () => {
  it('completes the batch once every shipped item is finished', () => {
    const files = [file(1, [0])];
    spec
      .given([...processingBatch([995, 1165]), completed(0, 995), failed(1, 1165)])
      .when(mergedFiles(files))
      .then([merged(files), batchCompleted(1, 1)]);
  });

  it('completes a batch whose items all failed with no file', () => {
    spec
      .given([...processingBatch([995]), failed(0, 995)])
      .when(mergedFiles([]))
      .then([merged([]), batchCompleted(0, 1)]);
  });

  it('decides nothing while an item is unfinished', () => {
    spec
      .given([...processingBatch([995, 1165]), completed(0, 995)])
      .when(mergedFiles([file(1, [0])]))
      .then([]);
  });

  it('decides nothing once the batch is completed', () => {
    const files = [file(1, [0])];
    spec
      .given([...processingBatch([995]), completed(0, 995), merged(files), batchCompleted(1, 0)])
      .when(mergedFiles(files))
      .then([]);
  });

  it('refuses files that do not hold the completed items', () => {
    spec
      .given([...processingBatch([995, 1165]), completed(0, 995), completed(1, 1165)])
      .when(mergedFiles([file(1, [1, 0])]))
      .thenThrows((error) => expect(String(error)).toContain('do not match'));
  });
});

describe('label file groups', () => {
  it('puts the completed items in index order, 100 to a file, numbered from 1', () => {
    const prices = range(0, 250).map(() => 995);
    const finished = range(0, 250).map((index) =>
      index % 50 === 7 ? failed(index, 995) : completed(index, 995),
    );
    const groups = labelFileGroups(fold([...processingBatch(prices), ...finished]));
    const completedIds = range(0, 250)
      .filter((index) => index % 50 !== 7)
      .map(item);
    expect(groups.map((group) => group.file)).toEqual([1, 2, 3]);
    expect(groups.map((group) => group.item_ids.length)).toEqual([100, 100, 45]);
    expect(groups.flatMap((group) => group.item_ids)).toEqual(completedIds);
    expect(groups[0].label_keys[0]).toBe('labels/i0.pdf');
  });

  it('is empty before the batch ships', () => {
    expect(labelFileGroups(fold(readyBatch([995])))).toEqual([]);
  });
});

describe('settled label file groups', () => {
  const prices = range(0, 250).map(() => 995);
  const outcome = (index: number) => (index === 7 ? failed(index, 995) : completed(index, 995));

  it('holds only the full groups before the first item still waiting for its label', () => {
    const groups = settledLabelFileGroups(fold([...processingBatch(prices), ...range(0, 150).map(outcome)]));
    expect(groups.map((group) => group.file)).toEqual([1]);
    expect(groups[0].item_ids).toEqual(
      range(0, 101)
        .filter((index) => index !== 7)
        .map(item),
    );
  });

  it('holds no group while the first file is not full', () => {
    expect(settledLabelFileGroups(fold([...processingBatch(prices), ...range(0, 100).map(outcome)]))).toEqual(
      [],
    );
  });

  it('holds every group, the last one partial, once no item waits', () => {
    const state = fold([...processingBatch(prices), ...range(0, 250).map(outcome)]);
    expect(settledLabelFileGroups(state)).toEqual(labelFileGroups(state));
    expect(settledLabelFileGroups(state).map((group) => group.item_ids.length)).toEqual([100, 100, 49]);
  });

  it('is empty before the batch ships', () => {
    expect(settledLabelFileGroups(fold(readyBatch([995])))).toEqual([]);
  });
});
