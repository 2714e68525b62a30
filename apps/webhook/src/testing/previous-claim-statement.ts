/**
 * The claim statement before decision 68, with the same parameters as CLAIM_DUE_SQL: it ranks
 * every due delivery of the outbox at each claim. Kept as the reference the current statement
 * must agree with (claim-due-rules.int.spec.ts) and as the "before" of bench:webhook-claims.
 */
export const PREVIOUS_CLAIM_DUE_SQL = `
update webhook_deliveries d
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
returning d.id, d.endpoint_id, d.event_type, d.body, d.attempt_count, d.retry_from, e.url, e.secret`;
