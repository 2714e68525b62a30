import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { originOf } from '../http/gateway-request';
import { labelUrl, readLabelUrlConfig } from '@shipping/platform/label-urls';

/** Signed, expiring URLs of merged label files, on the host the caller used. */
@Injectable()
export class LabelLinks {
  private readonly config = readLabelUrlConfig();

  /** Links are signed to the second: those made within one second are the same. */
  signingSecond(): number {
    return Math.floor(Date.now() / 1000);
  }

  url(request: FastifyRequest, key: string, signedAt = this.signingSecond()): string {
    const base = originOf(request);
    return labelUrl(base, key, this.config.secret, this.config.ttlSeconds, signedAt);
  }
}
