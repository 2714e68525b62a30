/**
 * Claims due deliveries: $1 lease token, $2 lease in ms, $3 how many at most, $4 attempts in flight
 * allowed per endpoint, $5 per tenant (an account in one key mode: decision 101). Its cost grows with the endpoints that have pending deliveries and with
 * what it claims, never with the backlog behind them:
 *
 * - `waiting` walks the endpoints with pending deliveries, one index probe each (a skip scan of
 *   `webhook_deliveries_pending_by_endpoint`);
 * - per endpoint, `busy` counts the leases any dispatcher holds on it (`webhook_deliveries_leased`),
 *   and `earliest` reads its due deliveries in index order, skipping those in flight and those whose
 *   order key has an earlier pending delivery, until it has $4 (a full endpoint is not read, nor is
 *   a deleted one); they are ranked after its leases, as many as leave $4 in flight kept;
 * - `tenants` adds up its endpoints' leases per account and mode (every lease is on a pending
 *   delivery, so on an endpoint of `waiting`); the candidates are ranked again per tenant after
 *   those, and as many kept as leave $5 in flight: one tenant's endpoints cannot take every
 *   dispatcher's slots, nor a live backlog the slots of the same account's test endpoints;
 * - of all those, the earliest $3 are locked `for update skip locked`, with the lease conditions
 *   beside the lock so a row another dispatcher claimed meanwhile is re-checked and left alone.
 *
 * `limit $4` rather than a limit of the endpoint's free slots: the planner takes a limit it cannot
 * evaluate as a tenth of the rows, and the estimate would then grow with the backlog until
 * PostgreSQL compiled the statement (JIT) at every claim.
 */
export const CLAIM_DUE_SQL = `
with recursive waiting (endpoint_id) as (
  (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
  union all
  select (select later.endpoint_id from webhook_deliveries later
          where later.status = 'pending' and later.endpoint_id > waiting.endpoint_id
          order by later.endpoint_id limit 1)
  from waiting where waiting.endpoint_id is not null
),
endpoints as (
  select waiting.endpoint_id, live.account_id, live.mode, busy.in_flight
  from waiting
  join webhook_endpoints live on live.id = waiting.endpoint_id and live.deleted_at is null
  cross join lateral (
    select count(*) as in_flight from webhook_deliveries held
    where held.endpoint_id = waiting.endpoint_id and held.status = 'pending' and held.lease_until >= now()
  ) busy
),
tenants as (
  select account_id, mode, sum(in_flight) as in_flight from endpoints group by account_id, mode
),
candidates as (
  select earliest.id, earliest.next_attempt_at, endpoints.account_id, endpoints.mode,
    row_number() over (partition by endpoints.endpoint_id order by earliest.next_attempt_at, earliest.id)
      + endpoints.in_flight as slot
  from endpoints
  cross join lateral (
    select c.id, c.next_attempt_at from webhook_deliveries c
    where c.endpoint_id = endpoints.endpoint_id and c.status = 'pending' and c.next_attempt_at <= now()
      and (c.lease_until is null or c.lease_until < now())
      and (c.order_key is null or not exists (
        select 1 from webhook_deliveries earlier
        where earlier.endpoint_id = c.endpoint_id and earlier.order_key = c.order_key
          and earlier.status = 'pending' and earlier.order_position < c.order_position))
    order by c.next_attempt_at, c.id
    limit $4
  ) earliest
  where endpoints.in_flight < $4
),
picked as (
  select ranked.id from (
    select candidates.id, candidates.next_attempt_at,
      row_number() over (partition by candidates.account_id, candidates.mode
                         order by candidates.next_attempt_at, candidates.id)
        + tenants.in_flight as tenant_slot
    from candidates
    join tenants on tenants.account_id = candidates.account_id and tenants.mode = candidates.mode
    where candidates.slot <= $4 and tenants.in_flight < $5
  ) ranked
  where ranked.tenant_slot <= $5
  order by ranked.next_attempt_at, ranked.id
  limit $3
),
claimed as (
  select due.id from webhook_deliveries due
  where due.id = any (array(select id from picked))
    and due.status = 'pending' and due.next_attempt_at <= now()
    and (due.lease_until is null or due.lease_until < now())
  for update of due skip locked
)
update webhook_deliveries d
set lease_token = $1, lease_until = now() + $2::double precision * interval '1 millisecond'
from claimed, webhook_endpoints e
where d.id = claimed.id and e.id = d.endpoint_id
returning d.id, d.endpoint_id, d.event_type, d.body, d.attempt_count, d.retry_from, e.url, e.secret`;
