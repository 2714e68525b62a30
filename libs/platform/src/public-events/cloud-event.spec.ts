import type { RecordedEvent } from '@shipping/event-store';
import { toCloudEvent } from './cloud-event';
import { eventsOfApps } from './app-events';
import { PICKUPS as pickups } from './published-category.fixture';
import { publicTopic, publishedCategory } from './published-categories';

const event: RecordedEvent = {
  id: '0b6f8f4e-2f4c-4f4e-9a43-6d1c3c1e2a10',
  streamName: 'pickup-42',
  revision: 3n,
  position: { commit: 100n, prepare: 100n },
  type: 'PickupOrderRevised',
  version: 2,
  data: { pickup_id: 42 },
  metadata: { correlationId: 'req-7', causationId: 'req-7', accountId: 'acct_acme', replayed: true },
  createdAt: new Date('2026-11-21T10:00:00.000Z'),
};

describe('a stored event published to other teams', () => {
  it('becomes a CloudEvent with its id, its aggregate as subject and its version in the type', () => {
    expect(toCloudEvent(pickups, event, 'live')).toEqual({
      specversion: '1.0',
      id: event.id,
      source: '/shipping/pickup',
      type: 'com.shipping.pickup.PickupOrderRevised.v2',
      subject: '42',
      time: '2026-11-21T10:00:00.000Z',
      datacontenttype: 'application/json',
      dataschema: 'https://schemas.shipping.example/events/pickup/PickupOrderRevised.v2.schema.json',
      revision: 3,
      correlationid: 'req-7',
      causationid: 'req-7',
      accountid: 'acct_acme',
      data: { pickup_id: 42, key_mode: 'live' },
    });
  });

  it('leaves out the extensions its metadata lacks', () => {
    const cloudEvent = toCloudEvent(pickups, { ...event, metadata: {} }, 'test');
    expect(cloudEvent).not.toHaveProperty('correlationid');
    expect(cloudEvent).not.toHaveProperty('causationid');
    expect(cloudEvent).not.toHaveProperty('accountid');
  });

  it('goes to its context’s topic, found among the categories the apps of a process register', () => {
    expect(publicTopic(pickups)).toBe('shipping.pickup.events');
    const { published } = eventsOfApps([
      { upcasters: [], published: [{ ...pickups, context: 'order', streamPrefix: 'order-' }] },
      { upcasters: [], published: [pickups] },
    ]);
    expect(publishedCategory(published, 'pickup')).toBe(pickups);
    expect(() => publishedCategory(published, 'ledger')).toThrow('No events are published for ledger');
  });
});
