import { Injectable } from '@nestjs/common';
import { Conflict, type LabelMergeReply, type MergedLabelFileInfo } from '@shipping/contracts';
import { batchFileKey } from '../files/label-keys';
import { LabelFiles } from '../files/label-files';
import { assertMergeRequest } from '../label-requests';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelWorkerPool } from '../workers/label-worker-pool';

/**
 * Merges bought labels into a batch's files (at most 100 labels a file), one file per worker task.
 * Idempotent: merging a file again rewrites it, atomically, with the same bytes.
 */
@Injectable()
export class LabelMerges {
  constructor(
    private readonly store: LabelPurchaseStore,
    private readonly files: LabelFiles,
    private readonly workers: LabelWorkerPool,
  ) {}

  async merge(request: unknown): Promise<LabelMergeReply> {
    assertMergeRequest(request);
    const { batch_id, files } = request;
    const itemIds = [...new Set(files.flatMap((file) => file.item_ids))];
    const stored = await this.store.find(itemIds);
    const missing = itemIds.filter((itemId) => !stored.has(itemId));
    if (missing.length > 0) {
      throw new Conflict(
        `No label was bought for item${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
        { item_ids: missing },
      );
    }
    const merged = files.map(async ({ file, item_ids }): Promise<MergedLabelFileInfo> => {
      const key = batchFileKey(batch_id, file);
      const sources = item_ids.map((itemId) => this.files.pathOf(stored.get(itemId)?.label_key));
      const { pages } = await this.workers.mergeFiles({ sources, target: this.files.pathOf(key) });
      return { file, key, pages };
    });
    return { files: await Promise.all(merged) };
  }
}
