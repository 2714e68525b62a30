import { type BatchEvent, LABELS_PER_FILE } from './batch-events';
import type { ItemLabelOutcome, RecordLabelResults, RecordMergedFiles } from './batch-commands';
import type { BatchState } from './batch-state';

/** One merged label file to make: the completed items it holds, in index order, with their labels. */
export interface LabelFileGroup {
  /** 1-based. */
  file: number;
  item_ids: string[];
  label_keys: string[];
}

/** The completed items in index order, LABELS_PER_FILE to a file: what the label app is asked to merge. */
export function labelFileGroups(state: BatchState): LabelFileGroup[] {
  if (state.status !== 'processing' && state.status !== 'completed') return [];
  const groups: LabelFileGroup[] = [];
  for (const item of state.items) {
    if (item.status !== 'completed') continue;
    let group = groups[groups.length - 1];
    if (!group || group.item_ids.length === LABELS_PER_FILE) {
      group = { file: groups.length + 1, item_ids: [], label_keys: [] };
      groups.push(group);
    }
    group.item_ids.push(item.id);
    group.label_keys.push(item.labelKey);
  }
  return groups;
}

/**
 * The groups no label still to come can change, so their files can be merged while the rest of the
 * batch is labelled: the full groups before the first item still waiting for its label, and every
 * group once no item waits. (Labels are recorded in index order, so a full group is only ever
 * followed by waiting items.)
 */
export function settledLabelFileGroups(state: BatchState): LabelFileGroup[] {
  if (state.status !== 'processing' && state.status !== 'completed') return [];
  const firstWaiting = state.items.findIndex((item) => item.status === 'valid');
  if (firstWaiting === -1) return labelFileGroups(state);
  const labelledSoFar: BatchState = { ...state, items: state.items.slice(0, firstWaiting) };
  return labelFileGroups(labelledSoFar).filter((group) => group.item_ids.length === LABELS_PER_FILE);
}

/**
 * ItemCompleted or ItemFailed (refunding the item's price) for each shipped item not finished yet,
 * in index order. Unknown and finished items, and a batch not processing, decide nothing.
 */
export function decideLabelResults(command: RecordLabelResults, state: BatchState): BatchEvent[] {
  if (state.status !== 'processing') return [];
  const outcomes = new Map<string, ItemLabelOutcome>();
  for (const result of command.results)
    if (!outcomes.has(result.item_id)) outcomes.set(result.item_id, result);
  const shipped = new Set(state.shippedItemIds);
  const events: BatchEvent[] = [];
  for (const item of state.items) {
    const outcome = outcomes.get(item.id);
    if (!outcome || item.status !== 'valid' || !shipped.has(item.id)) continue;
    const data = { batch_id: state.batchId, item_id: item.id, index: item.index };
    events.push(
      outcome.ok
        ? {
            type: 'ItemCompleted',
            data: {
              ...data,
              tracking_number: outcome.tracking_number,
              label_key: outcome.label_key,
              price_cents: item.priceCents,
            },
          }
        : { type: 'ItemFailed', data: { ...data, reason: outcome.reason, refund_cents: item.priceCents } },
    );
  }
  return events;
}

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Completes the batch with its merged files once every shipped item is completed or failed;
 * before that, and once completed, it decides nothing. Files that do not hold exactly the
 * groups of labelFileGroups are a fault of the caller, not a fact to record.
 */
export function decideMergedFiles(command: RecordMergedFiles, state: BatchState): BatchEvent[] {
  if (state.status !== 'processing') return [];
  const shipped = new Set(state.shippedItemIds);
  const finished = state.items.filter(
    (item) => shipped.has(item.id) && (item.status === 'completed' || item.status === 'failed'),
  );
  if (finished.length < shipped.size) return [];

  const groups = labelFileGroups(state);
  const files = [...command.files].sort((a, b) => a.file - b.file);
  const matches =
    files.length === groups.length &&
    files.every((file, i) => file.file === groups[i].file && sameItems(file.item_ids, groups[i].item_ids));
  if (!matches) throw new Error(`Merged files of batch ${state.batchId} do not match its completed items`);

  const completed = finished.filter((item) => item.status === 'completed').length;
  return [
    { type: 'LabelFilesMerged', data: { batch_id: state.batchId, files } },
    {
      type: 'BatchCompleted',
      data: {
        batch_id: state.batchId,
        completed_count: completed,
        failed_count: finished.length - completed,
        at: command.now,
      },
    },
  ];
}
