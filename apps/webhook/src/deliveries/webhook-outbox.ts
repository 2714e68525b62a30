import { Inject, Injectable } from '@nestjs/common';
import { AppError, type WebhookNotification } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { WebhookDispatcher } from '../dispatch/webhook-dispatcher';

export interface NotifyResult {
  /** Deliveries this notification added; 0 when it was a redelivery of one already stored. */
  created: number;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The outbox: one pending delivery per live endpoint of the account, stored in one statement
 * before the answer goes back, so the sender moves its checkpoint only after nothing can be lost.
 * (endpoint, event) is unique: the same event notified again adds nothing.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async notify(notification: WebhookNotification): Promise<NotifyResult> {
    const { event_id, account_id, body } = notification ?? ({} as WebhookNotification);
    if (!isText(event_id) || !isText(account_id) || typeof body !== 'object' || body === null) {
      throw new AppError('bad_request', 'A webhook notification needs an event_id, an account_id and a body.');
    }
    const { rowCount } = await this.sql.query(
      `insert into webhook_deliveries (id, endpoint_id, account_id, event_id, body, status, next_attempt_at, created_at)
       select 'whd_' || gen_random_uuid(), id, account_id, $2, $3, 'pending', now(), now()
       from webhook_endpoints where account_id = $1 and deleted_at is null
       on conflict (endpoint_id, event_id) do nothing`,
      [account_id, event_id, JSON.stringify(body)],
    );
    if (rowCount > 0) this.dispatcher.wake();
    return { created: rowCount };
  }
}
