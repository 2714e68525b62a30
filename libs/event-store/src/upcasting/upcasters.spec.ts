import type { RecordedEvent } from '../event-store';
import { Upcasters } from './upcasters';

const recorded = (type: string, version: number, data: unknown): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  streamName: 'thing-1',
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  type,
  version,
  data,
  metadata: { correlationId: 'c1' },
  createdAt: new Date('2026-11-21T10:00:00Z'),
});

describe('upcasters', () => {
  const upcasters = new Upcasters([
    { type: 'ThingHappened', fromVersion: 2, upcast: (data) => ({ ...(data as object), unit: 'lbs' }) },
    { type: 'ThingHappened', fromVersion: 1, upcast: (data) => ({ amount: (data as { n: number }).n }) },
  ]);

  it('knows the latest version of each type: one past its last upcaster, 1 for a type that never changed', () => {
    expect(upcasters.latestVersion('ThingHappened')).toBe(3);
    expect(upcasters.latestVersion('OtherThing')).toBe(1);
  });

  it('applies every step from the stored version up, in order, keeping the rest of the event', () => {
    const event = recorded('ThingHappened', 1, { n: 5 });
    expect(upcasters.upcast(event)).toEqual({ ...event, version: 3, data: { amount: 5, unit: 'lbs' } });
    expect(upcasters.upcast(recorded('ThingHappened', 2, { amount: 6 })).data).toEqual({
      amount: 6,
      unit: 'lbs',
    });
  });

  it('hands back events already in their latest version, and of types without upcasters, untouched', () => {
    const latest = recorded('ThingHappened', 3, { amount: 1, unit: 'kg' });
    const other = recorded('OtherThing', 1, { n: 1 });
    expect(upcasters.upcast(latest)).toBe(latest);
    expect(upcasters.upcast(other)).toBe(other);
  });

  it('refuses a second upcaster for the same step, and a version without an upcaster on reading', () => {
    expect(() =>
      upcasters.register({ type: 'ThingHappened', fromVersion: 1, upcast: (data) => data }),
    ).toThrow('Two upcasters');
    const gap = new Upcasters([{ type: 'Gap', fromVersion: 2, upcast: (data) => data }]);
    expect(() => gap.upcast(recorded('Gap', 1, {}))).toThrow('No upcaster of Gap from version 1');
  });
});
