import { Inject, Injectable } from '@nestjs/common';
import {
  Conflict,
  type LabelFileRequest,
  type LabelMergeReply,
  type MergedLabelFileInfo,
} from '@shipping/contracts';
import { LABEL_FILE_STORE, type LabelFileStore } from '../files/label-file-store';
import { batchFileKey } from '../files/label-keys';
import { assertMergeRequest, type MergeRequest } from '../label-requests';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import { mapInTurns } from './map-in-turns';

/**
 * Merges bought labels into a batch's files (at most 100 labels a file): each file's sources are
 * read from the label file store by the keys the request names (no lookup of the items), merged
 * on a worker thread from their bytes, and stored. A request's files take turns, as many at once
 * as there are worker threads, so its memory is that many files' labels whatever the number of
 * files. Idempotent: merging a file again replaces it with the same bytes. A file named by item ids
 * (a batch app of the version before) has its keys looked up first.
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
    const { batch_id } = request;
    const files = await this.withLabelKeys(request.files);
    const merged = await mapInTurns(
      files,
      this.workers.size,
      async ({ file, label_keys }): Promise<MergedLabelFileInfo> => {
        const key = batchFileKey(batch_id, file);
        const { pdf, pages } = await this.workers.mergeBytes({ sources: await this.read(label_keys) });
        await this.files.put(key, pdf);
        return { file, key, pages };
      },
    );
    return { files: merged };
  }

  /** Files sent by item ids (a batch app of the version before label keys): their keys, looked up. */
  private async withLabelKeys(files: MergeRequest['files']): Promise<LabelFileRequest[]> {
    const itemIds = [...new Set(files.flatMap((file) => ('item_ids' in file ? file.item_ids : [])))];
    if (itemIds.length === 0) return files as LabelFileRequest[];
    const stored = await this.store.find(itemIds);
    const missing = itemIds.filter((itemId) => !stored.has(itemId));
    if (missing.length > 0) {
      throw new Conflict(
        `No label was bought for item${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
        { item_ids: missing },
      );
    }
    return files.map((file) =>
      'item_ids' in file
        ? {
            file: file.file,
            label_keys: file.item_ids.map((itemId) => stored.get(itemId)?.label_key as string),
          }
        : file,
    );
  }

  /** The sources' bytes in order; a key under which no label is stored is the sender's to fix. */
  private async read(keys: string[]): Promise<Uint8Array[]> {
    const found = await this.files.getMany(keys);
    const missing = keys.filter((key) => !found.has(key));
    if (missing.length > 0)
      throw new Conflict(`No label is stored under ${missing.join(', ')}.`, { label_keys: missing });
    return keys.map((key) => found.get(key) as Uint8Array);
  }
}
