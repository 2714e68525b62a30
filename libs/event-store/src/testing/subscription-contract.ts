import type { RecordedEvent } from '../event-store';
import { InMemoryCheckpointStore, type CheckpointStore } from '../checkpoints/checkpoint-store';
import { startCheckpointedSubscription } from '../checkpoints/checkpointed-subscription';
import {
  anEvent,
  events,
  expectAscending,
  numbers,
  listRecorder,
  recorder,
  sleep,
  uniqueCategory,
  waitFor,
  type ContractContext,
  type Recorder,
} from './contract-helpers';

/** Longer than any sane poll interval: nothing arriving in this time means nothing will. */
const quietPeriodMs = 400;

export function describeSubscriptionContract(ctx: ContractContext): void {
  describe('subscribeToAll', () => {
    it('catches up with stored events, then receives new ones live, in $all order', async () => {
      const category = uniqueCategory();
      await ctx.store().appendToStream(`${category}-1`, events(2));
      await ctx.store().appendToStream(`${category}-2`, [anEvent(2)]);
      const handler = recorder();

      const subscription = ctx.track(
        ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] }),
      );
      await subscription.caughtUp;
      expect(numbers(handler.events)).toEqual([0, 1, 2]);

      await ctx.store().appendToStream(`${category}-2`, [anEvent(3)]);
      await ctx.store().appendToStream(`${category}-1`, [anEvent(4)]);
      await waitFor('two live events', () => handler.events.length >= 5);
      expect(numbers(handler.events)).toEqual([0, 1, 2, 3, 4]);
      expect(handler.events.map((event) => event.streamName)).toEqual(
        [1, 1, 2, 2, 1].map((n) => `${category}-${n}`),
      );
      expectAscending(handler.events);
      expect(handler.errors).toEqual([]);
    });

    it('hands over stored events exactly as reads return them', async () => {
      const category = uniqueCategory();
      await ctx
        .store()
        .appendToStream(`${category}-1`, [anEvent(0, { metadata: { correlationId: 'c' }, version: 3 })]);
      const handler = recorder();

      await ctx.track(ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] })).caughtUp;

      expect(handler.events).toEqual(await ctx.store().readStream(`${category}-1`));
    });

    it('starts after a checkpoint, exclusive', async () => {
      const category = uniqueCategory();
      await ctx.store().appendToStream(`${category}-1`, events(4));
      const stored = await ctx.store().readStream(`${category}-1`);
      const handler = recorder();

      await ctx.track(
        ctx
          .store()
          .subscribeToAll(handler, { after: stored[1].position, streamNamePrefixes: [`${category}-`] }),
      ).caughtUp;

      expect(numbers(handler.events)).toEqual([2, 3]);
    });

    it('delivers only streams whose names start with one of the prefixes, stored and live', async () => {
      const [wanted, other, alsoWanted] = [uniqueCategory(), uniqueCategory(), uniqueCategory()];
      await ctx.store().appendToStream(`${wanted}-1`, [anEvent(0)]);
      await ctx.store().appendToStream(`${other}-1`, [anEvent(1)]);
      await ctx.store().appendToStream(`${alsoWanted}-1`, [anEvent(2)]);
      const handler = recorder();

      const subscription = ctx.track(
        ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${wanted}-`, `${alsoWanted}-`] }),
      );
      await subscription.caughtUp;
      expect(numbers(handler.events)).toEqual([0, 2]);

      await ctx.store().appendToStream(`${other}-1`, [anEvent(3)]);
      await ctx.store().appendToStream(`${wanted}-2`, [anEvent(4)]);
      await waitFor('the live event of a wanted stream', () => handler.events.length >= 3);
      await sleep(quietPeriodMs);
      expect(numbers(handler.events)).toEqual([0, 2, 4]);
    });

    it('delivers every stream from the very start when given no options', async () => {
      const category = uniqueCategory();
      const appended = await ctx.store().appendToStream(`${category}-1`, events(1));
      const handler = recorder();

      await ctx.track(ctx.store().subscribeToAll(handler)).caughtUp;

      expect(handler.events.at(-1)?.position).toEqual(appended.position);
      expect(new Set(handler.events.map((event) => event.streamName)).size).toBeGreaterThan(1);
      expectAscending(handler.events);
    });

    it('resolves caughtUp when there is nothing to deliver', async () => {
      const handler = recorder();
      await ctx.track(ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${uniqueCategory()}-`] }))
        .caughtUp;
      expect(handler.events).toEqual([]);
    });

    it('rejects caughtUp when the handler fails while catching up', async () => {
      const category = uniqueCategory();
      await ctx.store().appendToStream(`${category}-1`, events(2));
      const failure = new Error('projection failed');
      const handler = recorder(() => {
        throw failure;
      });

      const subscription = ctx.track(
        ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] }),
      );

      await expect(subscription.caughtUp).rejects.toBe(failure);
      expect(handler.errors).toEqual([failure]);
    });

    it('stop() waits for the event being handled, and nothing is delivered after it', async () => {
      const category = uniqueCategory();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let finished = 0;
      const handler = recorder(async () => {
        await gate;
        finished++;
      });
      const subscription = ctx.track(
        ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] }),
      );
      await ctx.store().appendToStream(`${category}-1`, events(2));
      await waitFor('the handler to start', () => handler.events.length === 1);

      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await sleep(50);
      expect(stopped).toBe(false);
      release();
      await stopping;

      expect(finished).toBe(1);
      await ctx.store().appendToStream(`${category}-1`, events(1, 2));
      await sleep(quietPeriodMs);
      expect(handler.events).toHaveLength(1);
    });

    it('stops at the first handler failure and reports it to onError', async () => {
      const category = uniqueCategory();
      const failure = new Error('projection failed');
      const handler = recorder((_, index) => {
        if (index === 1) throw failure;
      });
      ctx.track(ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] }));

      await ctx.store().appendToStream(`${category}-1`, events(3));
      await waitFor('the failure to be reported', () => handler.errors.length > 0);
      await ctx.store().appendToStream(`${category}-1`, events(1, 3));
      await sleep(quietPeriodMs);

      expect(handler.errors).toEqual([failure]);
      expect(numbers(handler.events)).toEqual([0, 1]);
    });

    it('hands a handler of lists every event once, in order, in lists that are never empty', async () => {
      const category = uniqueCategory();
      await ctx.store().appendToStream(`${category}-1`, events(3));
      await ctx.store().appendToStream(`${category}-2`, events(2, 3));
      const handler = listRecorder();

      const subscription = ctx.track(
        ctx.store().subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] }),
      );
      await subscription.caughtUp;
      expect(numbers(handler.events)).toEqual([0, 1, 2, 3, 4]);

      await ctx.store().appendToStream(`${category}-1`, events(2, 5));
      await waitFor('two live events', () => handler.events.length >= 7);
      expect(numbers(handler.events)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expectAscending(handler.events);
      expect(handler.lists.every((list) => list.length > 0)).toBe(true);
    });
  });

  describe('startCheckpointedSubscription', () => {
    const start = (category: string, checkpoints: CheckpointStore, handler: Recorder) =>
      startCheckpointedSubscription({
        store: ctx.store(),
        checkpoints,
        name: category,
        streamNamePrefixes: [`${category}-`],
        onEvent: handler.onEvent,
        onError: handler.onError,
      });

    it('resumes after the last handled event', async () => {
      const category = uniqueCategory();
      const checkpoints = new InMemoryCheckpointStore();
      await ctx.store().appendToStream(`${category}-1`, events(3));

      const first = recorder();
      const firstRun = ctx.track(await start(category, checkpoints, first));
      await firstRun.caughtUp;
      await firstRun.stop();
      expect(numbers(first.events)).toEqual([0, 1, 2]);
      expect(await checkpoints.load(category)).toEqual(first.events[2].position);

      await ctx.store().appendToStream(`${category}-2`, events(2, 3));
      const second = recorder();
      await ctx.track(await start(category, checkpoints, second)).caughtUp;
      expect(numbers(second.events)).toEqual([3, 4]);
    });

    it('hands an event over again when its handler failed (at-least-once)', async () => {
      const category = uniqueCategory();
      const checkpoints = new InMemoryCheckpointStore();
      await ctx.store().appendToStream(`${category}-1`, events(3));

      const failing = recorder((_, index) => {
        if (index === 1) throw new Error('crashed');
      });
      ctx.track(await start(category, checkpoints, failing));
      await waitFor('the failure', () => failing.errors.length > 0);
      expect(await checkpoints.load(category)).toEqual(failing.events[0].position);

      const retry = recorder();
      await ctx.track(await start(category, checkpoints, retry)).caughtUp;
      expect(numbers(retry.events)).toEqual([1, 2]);
    });

    it('moves the checkpoint past a whole list once its handler resolved, and not before', async () => {
      const category = uniqueCategory();
      const checkpoints = new InMemoryCheckpointStore();
      await ctx.store().appendToStream(`${category}-1`, events(3));
      let fail = true;
      const failures: unknown[] = [];
      const subscribe = (onEvents: (list: RecordedEvent[]) => Promise<void>) =>
        startCheckpointedSubscription({
          store: ctx.store(),
          checkpoints,
          name: category,
          streamNamePrefixes: [`${category}-`],
          onEvents,
          onError: (error) => failures.push(error),
        });

      ctx.track(
        await subscribe(async () => {
          if (fail) throw new Error('the broker is away');
        }),
      );
      await waitFor('the failure', () => failures.length > 0);
      expect(await checkpoints.load(category)).toBeUndefined();

      fail = false;
      const handed: RecordedEvent[] = [];
      const retry = ctx.track(await subscribe(async (list) => void handed.push(...list)));
      await retry.caughtUp;
      expect(numbers(handed)).toEqual([0, 1, 2]);
      expect(await checkpoints.load(category)).toEqual(handed[2].position);
    });
  });
}
