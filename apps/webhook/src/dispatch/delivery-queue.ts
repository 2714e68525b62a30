import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import type { WebhookEventType } from '@shipping/contracts';
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
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /**
   * Up to `limit` due deliveries, the earliest first, but no more of one endpoint than leaves it
   * `perEndpoint` attempts in flight (leases held by any dispatcher): a slow endpoint's backlog
   * then waits behind its own attempts, never in front of other endpoints' deliveries. The lease
   * conditions sit beside `for update skip locked`, so a row another dispatcher claimed meanwhile
   * is re-checked and left alone. Dispatchers racing can overshoot `perEndpoint` a little.
   * A delivery with an `order_key` waits while an earlier one of its key and endpoint is pending
   * (due, retrying or in flight under any dispatcher's lease): a key's deliveries go one at a time.
   */
  async claimDue(
    leaseToken: string,
    leaseMs: number,
    limit: number,
    perEndpoint: number,
  ): Promise<ClaimedDelivery[]> {
    const { rows } = await this.sql.query<ClaimRow>(
      `update webhook_deliveries d
       set lease_token = $1, lease_until = now() + $2::double precision * interval '1 millisecond'
       from webhook_endpoints e
       where e.id = d.endpoint_id and d.id in (
         select due.id from webhook_deliveries due
         where due.status = 'pending' and due.next_attempt_at <= now()
           and (due.lease_until is null or due.lease_until < now())
           and due.id in (
             select ranked.id from (
               select c.id, c.next_attempt_at,
                 row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id)
                   + coalesce(busy.in_flight, 0) as slot
               from webhook_deliveries c
               join webhook_endpoints live on live.id = c.endpoint_id and live.deleted_at is null
               left join (
                 select endpoint_id, count(*) as in_flight from webhook_deliveries
                 where status = 'pending' and lease_until >= now() group by endpoint_id
               ) busy on busy.endpoint_id = c.endpoint_id
               where c.status = 'pending' and c.next_attempt_at <= now()
                 and (c.lease_until is null or c.lease_until < now())
                 and (c.order_key is null or not exists (
                   select 1 from webhook_deliveries earlier
                   where earlier.endpoint_id = c.endpoint_id and earlier.order_key = c.order_key
                     and earlier.status = 'pending' and earlier.order_position < c.order_position))
             ) ranked
             where ranked.slot <= $4
             order by ranked.next_attempt_at, ranked.id
             limit $3)
         for update of due skip locked)
       returning d.id, d.endpoint_id, d.event_type, d.body, d.attempt_count, d.retry_from, e.url, e.secret`,
      [leaseToken, leaseMs, limit, perEndpoint],
    );
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
  }
}
