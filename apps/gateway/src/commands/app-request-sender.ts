import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { RequestContext } from '@shipping/contracts';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';

/** Sends commands and queries to the apps over whichever transport runs, with the caller's context. */
@Injectable()
export class AppRequestSender {
  constructor(@Inject(MESSAGE_CLIENT) private readonly client: ClientProxy) {}

  request<T>(pattern: string, context: RequestContext, payload: unknown = {}): Promise<T> {
    return sendRequest<T>(this.client, pattern, { context, payload });
  }
}
