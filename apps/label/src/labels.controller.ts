import { Controller } from '@nestjs/common';
import {
  type Envelope,
  type LabelFileContent,
  type LabelMergeReply,
  LabelPatterns,
  type LabelPurchaseReply,
} from '@shipping/contracts';
import { LabelFiles } from './files/label-files';
import { assertReadRequest } from './label-requests';
import { LabelMerges } from './merges/label-merges';
import { LabelPurchases } from './purchases/label-purchases';
import { CommandPattern, QueryPattern } from '@shipping/platform';

@Controller()
export class LabelsController {
  constructor(
    private readonly purchases: LabelPurchases,
    private readonly merges: LabelMerges,
    private readonly files: LabelFiles,
  ) {}

  @CommandPattern(LabelPatterns.purchase)
  purchase({ payload }: Envelope<unknown>): Promise<LabelPurchaseReply> {
    return this.purchases.purchase(payload);
  }

  @CommandPattern(LabelPatterns.merge)
  merge({ payload }: Envelope<unknown>): Promise<LabelMergeReply> {
    return this.merges.merge(payload);
  }

  @QueryPattern(LabelPatterns.readFile)
  read({ payload }: Envelope<unknown>): Promise<LabelFileContent> {
    assertReadRequest(payload);
    return this.files.read(payload.key);
  }
}
