import { Controller, Inject } from '@nestjs/common';
import {
  type AppMessage,
  type LabelFileContent,
  type LabelMergeReply,
  LabelPatterns,
  type LabelPurchaseReply,
} from '@shipping/contracts';
import { LABEL_FILE_STORE, type LabelFileStore } from './files/label-file-store';
import { assertReadRequest } from './label-requests';
import { LabelMerges } from './merges/label-merges';
import { LabelPurchases } from './purchases/label-purchases';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';

@Controller()
export class LabelsController {
  constructor(
    private readonly purchases: LabelPurchases,
    private readonly merges: LabelMerges,
    @Inject(LABEL_FILE_STORE) private readonly files: LabelFileStore,
  ) {}

  @CommandPattern(LabelPatterns.purchase)
  purchase({ payload }: AppMessage<unknown>): Promise<LabelPurchaseReply> {
    return this.purchases.purchase(payload);
  }

  @CommandPattern(LabelPatterns.merge)
  merge({ payload }: AppMessage<unknown>): Promise<LabelMergeReply> {
    return this.merges.merge(payload);
  }

  @QueryPattern(LabelPatterns.readFile)
  async read({ payload }: AppMessage<unknown>): Promise<LabelFileContent> {
    assertReadRequest(payload);
    const content = await this.files.get(payload.key);
    return content === undefined ? null : { content_base64: Buffer.from(content).toString('base64') };
  }
}
