import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
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

@Controller()
export class LabelsController {
  constructor(
    private readonly purchases: LabelPurchases,
    private readonly merges: LabelMerges,
    private readonly files: LabelFiles,
  ) {}

  @MessagePattern(LabelPatterns.purchase)
  purchase({ payload }: Envelope<unknown>): Promise<LabelPurchaseReply> {
    return this.purchases.purchase(payload);
  }

  @MessagePattern(LabelPatterns.merge)
  merge({ payload }: Envelope<unknown>): Promise<LabelMergeReply> {
    return this.merges.merge(payload);
  }

  @MessagePattern(LabelPatterns.readFile)
  read({ payload }: Envelope<unknown>): Promise<LabelFileContent> {
    assertReadRequest(payload);
    return this.files.read(payload.key);
  }
}
