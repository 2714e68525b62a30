import { type PipeTransform } from '@nestjs/common';
import { BATCH_NOT_FOUND_MESSAGE, decodeHashId, NotFound } from '@shipping/contracts';

/**
 * A path segment that is no canonical batch hash id names no batch: it is answered 404 here,
 * so text a store cannot keep (NUL, lone surrogates) never reaches a query or a stream name.
 */
export class BatchIdPipe implements PipeTransform<string, string> {
  transform(batchId: string): string {
    if (decodeHashId('batch', batchId) === undefined) throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    return batchId;
  }
}
