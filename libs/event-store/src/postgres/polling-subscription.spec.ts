import type { Position, RecordedEvent } from '../event-store';
import { PollingSubscription, type SubscriptionPage, type SubscriptionSource } from './polling-subscription';

/** A source with nothing in it that notes when (on the fake clock) it is read. */
function emptySource() {
  const reads: number[] = [];
  const source: SubscriptionSource = {
    async readPage(): Promise<SubscriptionPage> {
      reads.push(Date.now());
      return { events: [], scanned: 0 };
    },
    async headPosition(): Promise<Position | undefined> {
      return undefined;
    },
  };
  return { source, reads };
}

const ignore = { onEvent: async (_event: RecordedEvent) => undefined };

describe('PollingSubscription', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('reads an idle store less and less often, doubling its wait up to the maximum', async () => {
    const { source, reads } = emptySource();
    const subscription = new PollingSubscription(
      source,
      ignore,
      { pageSize: 10, pollIntervalMs: 20, maxPollIntervalMs: 160 },
      () => undefined,
    );
    await jest.advanceTimersByTimeAsync(1_000);
    const stopped = subscription.stop();
    await jest.runAllTimersAsync();
    await stopped;
    // Waits of 20, 40, 80, then 160 ms for as long as nothing is found.
    expect(reads).toEqual([0, 20, 60, 140, 300, 460, 620, 780, 940]);
  });

  it('reads when woken, and polls from the base interval again after it', async () => {
    const { source, reads } = emptySource();
    const subscription = new PollingSubscription(
      source,
      ignore,
      { pageSize: 10, pollIntervalMs: 20, maxPollIntervalMs: 1_000 },
      () => undefined,
    );
    await jest.advanceTimersByTimeAsync(700);
    expect(reads).toEqual([0, 20, 60, 140, 300, 620]);
    // Left alone it would next read at 1,260 ms; woken, it reads now, then after 20, 40, 80 ms...
    subscription.wake();
    await jest.advanceTimersByTimeAsync(200);
    const stopped = subscription.stop();
    await jest.runAllTimersAsync();
    await stopped;
    expect(reads).toEqual([0, 20, 60, 140, 300, 620, 700, 720, 760, 840]);
  });
});
