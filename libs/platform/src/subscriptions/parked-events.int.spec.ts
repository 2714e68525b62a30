import { type RecordedEvent, type SqlClient } from '@shipping/event-store';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { PARKED_RETRY_LEASE_MS, ParkedEvents } from './parked-events';

const backends = sqlBackends<SqlClient>('parked_events', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 3 }),
});

const t0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
let events = 0;

const event = (streamName: string): RecordedEvent => ({
  id: `event-${++events}`,
  streamName,
  revision: 0n,
  position: { commit: BigInt(events), prepare: BigInt(events) },
  type: 'SomethingHappened',
  version: 1,
  data: {},
  metadata: { correlationId: 'c', causationId: 'c' } as RecordedEvent['metadata'],
  createdAt: t0,
});

describe.each(backends)('retries of parked events whose instance died on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let parked: ParkedEvents;

  beforeAll(async () => {
    db = await backend.open();
    parked = new ParkedEvents(db.client());
    await parked.init();
  }, 60_000);
  afterAll(() => db?.close());

  it('are taken over by another instance once the dead holder lease ran out, not before', async () => {
    const subscription = 'spec.takeover';
    await parked.park(subscription, event('order-1'), 'failed', 5);
    await parked.requestRetry({ subscription });
    const other = backend.concurrent ? new ParkedEvents(db.client()) : parked;

    expect(await parked.claimRetries(subscription, 'dies-now', t0)).toHaveLength(1);
    expect(await other.claimRetries(subscription, 'alive', later(PARKED_RETRY_LEASE_MS - 1))).toEqual([]);
    const taken = await other.claimRetries(subscription, 'alive', later(PARKED_RETRY_LEASE_MS));
    expect(taken.map((one) => one.event.streamName)).toEqual(['order-1']);
  });

  it('stay with a live holder that renews its lease while it works through the stream', async () => {
    const subscription = 'spec.renewed';
    await parked.park(subscription, event('order-2'), 'failed', 5);
    await parked.requestRetry({ subscription });

    expect(await parked.claimRetries(subscription, 'working', t0)).toHaveLength(1);
    await parked.renewRetry(subscription, 'order-2', 'working', later(PARKED_RETRY_LEASE_MS - 1));
    expect(await parked.claimRetries(subscription, 'other', later(PARKED_RETRY_LEASE_MS))).toEqual([]);
    expect(
      await parked.claimRetries(subscription, 'other', later(2 * PARKED_RETRY_LEASE_MS - 1)),
    ).toHaveLength(1);
  });
});
