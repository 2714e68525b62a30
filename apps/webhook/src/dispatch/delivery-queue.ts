import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { gaugeReadAtScrape, metrics } from '@shipping/platform/observability';
import { SQL_CLIENT } from '@shipping/platform/storage';
import type { WebhookEventType } from '@shipping/contracts';
import { CLAIM_DUE_SQL } from './claim-due-statement';
import type { PostOutcome } from './post-webhook';

export interface ClaimedDelivery {
  id: string;
  endpointId: number;
  eventType: WebhookEventType;
  body: string;
  attemptCount: number;
  retryFrom: number;
  url: string;
  /** The endpoint's secret as stored: sealed (SecretBox), or plain if written before sealing. */
  storedSecret: string;
}

export interface AttemptRecord {
  at: Date;
  durationMs: number;
  outcome: PostOutcome;
  /** Undefined: delivered. A number: retry after that many ms. Null: the schedule is spent. */
  retryAfterMs: number | undefined | null;
}

interface ClaimRow {
  id: string;
  endpoint_id: string | number;
  event_type: WebhookEventType;
  body: string;
  attempt_count: number;
  retry_from: number;
  url: string;
  secret: string;
}

/**
 * Due deliveries, claimed under a lease: `skip locked` keeps two dispatchers off one row at the
 * same moment, and the lease keeps them off it while its attempt is in flight. A dispatcher that
 * dies mid-attempt leaves a lease that expires: the delivery is sent again (at least once).
 */
@Injectable()
export class DeliveryQueue {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {
    gaugeReadAtScrape(
      'shipping_webhook_outbox_pending_deliveries',
      'Webhook deliveries waiting in the outbox for their first or next attempt',
      async () => {
        const { rows } = await this.sql.query<{ count: string }>(
          "select count(*)::text as count from webhook_deliveries where status = 'pending'",
        );
        return Number(rows[0]?.count ?? 0);
      },
    );
  }

  /**
   * Up to `limit` due deliveries, the earliest first, but no more of one endpoint than leaves it
   * `perEndpoint` attempts in flight (leases held by any dispatcher): a slow endpoint's backlog
   * then waits behind its own attempts, never in front of other endpoints' deliveries. The lease
   * conditions sit beside `for update skip locked`, so a row another dispatcher claimed meanwhile
   * is re-checked and left alone. Dispatchers racing can overshoot `perEndpoint` a little.
   * A delivery with an `order_key` waits while an earlier one of its key and endpoint is pending
   * (due, retrying or in flight under any dispatcher's lease): a key's deliveries go one at a time.
   * No more of one account than leaves it `perAccount` in flight either (its endpoints' leases,
   * under any dispatcher): one account's silent endpoints cannot hold every slot there is.
   * One statement (CLAIM_DUE_SQL) that reads a few index entries per endpoint with pending
   * deliveries, however long the backlog behind them.
   */
  async claimDue(
    leaseToken: string,
    leaseMs: number,
    limit: number,
    perEndpoint: number,
    perAccount: number,
  ): Promise<ClaimedDelivery[]> {
    const { rows } = await this.sql.query<ClaimRow>(CLAIM_DUE_SQL, [
      leaseToken,
      leaseMs,
      limit,
      perEndpoint,
      perAccount,
    ]);
    return rows.map((row) => ({
      id: row.id,
      endpointId: Number(row.endpoint_id),
      eventType: row.event_type,
      body: row.body,
      attemptCount: row.attempt_count,
      retryFrom: row.retry_from,
      url: row.url,
      storedSecret: row.secret,
    }));
  }

  /** Gives claimed deliveries back unsent (a stopping dispatcher): other dispatchers may take them at once. */
  async release(leaseToken: string, deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.sql.query(
      'update webhook_deliveries set lease_token = null, lease_until = null where lease_token = $1 and id = any($2)',
      [leaseToken, deliveries.map((delivery) => delivery.id)],
    );
  }

  /** The attempt always; the delivery's state only if this dispatcher still holds its lease. */
  async record(delivery: ClaimedDelivery, leaseToken: string, record: AttemptRecord): Promise<void> {
    const { at, durationMs, outcome, retryAfterMs } = record;
    const status = retryAfterMs === undefined ? 'delivered' : retryAfterMs === null ? 'failed' : 'pending';
    await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ number: number }>(
        `update webhook_deliveries set attempt_count = attempt_count + 1 where id = $1 returning attempt_count as number`,
        [delivery.id],
      );
      await tx.query(
        'insert into webhook_attempts (delivery_id, number, at, status_code, error, duration_ms) values ($1, $2, $3, $4, $5, $6)',
        [delivery.id, rows[0].number, at.toISOString(), outcome.statusCode, outcome.error, durationMs],
      );
      await tx.query(
        `update webhook_deliveries
         set status = $3::text, next_attempt_at = case when $3::text = 'pending' then now() + $4::double precision * interval '1 millisecond' end,
             lease_token = null, lease_until = null
         where id = $1 and lease_token = $2`,
        [delivery.id, leaseToken, status, retryAfterMs ?? 0],
      );
    });
    metrics.webhookDeliveries.inc({ outcome: status === 'pending' ? 'retrying' : status });
  }
}
