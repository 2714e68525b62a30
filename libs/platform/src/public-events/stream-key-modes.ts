import type { KeyMode } from '@shipping/contracts';
import type { EventStore, RecordedEvent } from '@shipping/event-store';
import { LRUCache } from 'lru-cache';

/** Streams whose mode one relay remembers: a stream's mode never changes, so this only saves reads. */
const REMEMBERED_STREAMS = 10_000;

/** The `key_mode` an event's data records, if it records one. */
export function recordedKeyMode(data: unknown): KeyMode | undefined {
  const mode = (data as { key_mode?: unknown } | null)?.key_mode;
  return mode === 'test' || mode === 'live' ? mode : undefined;
}

/**
 * The key mode of a published stream (decision 108): every published stream opens with an event
 * that records the mode of the key that created it (a drafted order, InstantShipRequested,
 * BatchCreated, a scheduled pickup), read as `test` when it does not, as everything was before
 * keys had modes. Derived from the store alone, so any number of relay instances agree.
 */
export class StreamKeyModes {
  private readonly known = new LRUCache<string, KeyMode>({ max: REMEMBERED_STREAMS });

  constructor(private readonly store: Pick<EventStore, 'readStream'>) {}

  async of(event: RecordedEvent): Promise<KeyMode> {
    const recorded = recordedKeyMode(event.data);
    if (recorded) return this.remember(event.streamName, recorded);
    const known = this.known.get(event.streamName);
    if (known) return known;
    const [first] = await this.store.readStream(event.streamName, { maxCount: 1 });
    return this.remember(event.streamName, recordedKeyMode(first?.data) ?? 'test');
  }

  private remember(streamName: string, mode: KeyMode): KeyMode {
    this.known.set(streamName, mode);
    return mode;
  }
}
