import { Inject, Injectable } from '@nestjs/common';
import { Conflict, type LabelMergeReply, type MergedLabelFileInfo } from '@shipping/contracts';
import { LABEL_FILE_STORE, type LabelFileStore } from '../files/label-file-store';
import { batchFileKey } from '../files/label-keys';
import { assertMergeRequest } from '../label-requests';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import { mapInTurns } from './map-in-turns';

/**
 * Merges bought labels into a batch's files (at most 100 labels a file): each file's sources are
 * read from the label file store, merged on a worker thread from their bytes, and stored. A
 * request's files take turns, as many at once as there are worker threads, so its memory is that
 * many files' labels whatever the number of files. Idempotent: merging a file again replaces it
 * with the same bytes.
 */
@Injectable()
export class LabelMerges {
  constructor(
    private readonly store: LabelPurchaseStore,
    @Inject(LABEL_FILE_STORE) private readonly files: LabelFileStore,
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
    const merged = await mapInTurns(
      files,
      this.workers.size,
      async ({ file, item_ids }): Promise<MergedLabelFileInfo> => {
        const key = batchFileKey(batch_id, file);
        const sources = item_ids.map((itemId) => stored.get(itemId)?.label_key as string);
        const { pdf, pages } = await this.workers.mergeBytes({ sources: await this.read(sources) });
        await this.files.put(key, pdf);
        return { file, key, pages };
      },
    );
    return { files: merged };
  }

  /** The sources' bytes in order; a label row whose file is not in the store is an inconsistency. */
  private async read(keys: string[]): Promise<Uint8Array[]> {
    const found = await this.files.getMany(keys);
    return keys.map((key) => {
      const bytes = found.get(key);
      if (bytes === undefined) throw new Error(`The label file ${key} is not in the label file store.`);
      return bytes;
    });
  }
}
