import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { labelUrl, readLabelUrlConfig } from '@shipping/platform';

/** Signed, expiring URLs of merged label files, on the host the caller used. */
@Injectable()
export class LabelLinks {
  private readonly config = readLabelUrlConfig();

  url(request: Request, key: string): string {
    const base = `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    return labelUrl(base, key, this.config.secret, this.config.ttlSeconds, Math.floor(Date.now() / 1000));
  }
}
