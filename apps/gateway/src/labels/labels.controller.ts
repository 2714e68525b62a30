import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AppError,
  type LabelFileContent,
  LabelPatterns,
  NotFound,
  type RequestContext,
} from '@shipping/contracts';
import {
  type LabelSignatureCheck,
  readLabelUrlConfig,
  verifyLabelSignature,
} from '@shipping/platform/label-urls';
import { basename } from 'node:path';
import { AppRequestSender } from '../commands/app-request-sender';
import { Public, RequestId } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';
import {
  LABEL_FILE_NOT_FOUND_MESSAGE,
  LABEL_LINK_EXPIRED_MESSAGE,
  LABEL_LINK_INVALID_MESSAGE,
} from './label-messages';

/** Whoever holds a signed link may fetch its file; no account is known or needed. */
const SIGNED_LINK_CALLER = 'signed-label-link';

/**
 * An expired link answers 403 like a forged one, with its own message: both are refusals of the
 * link as a credential (no `gone` error code exists), and the remedy is the same, a fresh link
 * from GET /batches/{id}. The signature is checked first, so only an authentic link is told it expired.
 */
function refusal(check: Exclude<LabelSignatureCheck, 'valid'>): AppError {
  switch (check) {
    case 'expired':
      return new AppError('forbidden', LABEL_LINK_EXPIRED_MESSAGE);
    case 'invalid':
      return new AppError('forbidden', LABEL_LINK_INVALID_MESSAGE);
    default: {
      const unknown: never = check;
      throw new Error(`Unknown label signature check ${JSON.stringify(unknown)}`);
    }
  }
}

/** Serves label PDFs at signed, expiring URLs (`labelUrl` in @shipping/platform makes them). */
@ApiTags('Labels')
@Controller('labels')
export class LabelsController {
  private readonly urls = readLabelUrlConfig();

  constructor(private readonly apps: AppRequestSender) {}

  @ApiRoute({
    operationId: 'getLabelFile',
    summary: 'A label PDF, by the signed link an answer gave (no key)',
    isPublic: true,
    success: { status: 200, description: 'The PDF (application/pdf).' },
    errors: ['labelLinkInvalid', 'labelLinkExpired', 'labelFileNotFound', 'unavailable'],
  })
  @Public()
  @Get('*key')
  async file(
    @Param('key') segments: string | string[],
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @RequestId() requestId: string,
  ): Promise<StreamableFile> {
    const key = Array.isArray(segments) ? segments.join('/') : segments;
    const check = verifyLabelSignature(
      key,
      expires,
      signature,
      this.urls.secret,
      Math.floor(Date.now() / 1000),
    );
    if (check !== 'valid') throw refusal(check);
    const context: RequestContext = { accountId: SIGNED_LINK_CALLER, correlationId: requestId };
    const file = await this.apps.request<LabelFileContent>(LabelPatterns.readFile, context, { key });
    if (!file) throw new NotFound(LABEL_FILE_NOT_FOUND_MESSAGE);
    const content = Buffer.from(file.content_base64, 'base64');
    return new StreamableFile(content, {
      type: 'application/pdf',
      disposition: `inline; filename="${basename(key)}"`,
      length: content.length,
    });
  }
}
