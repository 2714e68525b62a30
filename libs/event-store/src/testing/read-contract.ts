import type { AppendResult, ReadStreamOptions, RecordedEvent } from '../event-store';
import {
  anEvent,
  events,
  expectAscending,
  numbers,
  uniqueStream,
  untilReadable,
  type ContractContext,
} from './contract-helpers';

export function describeReadContract(ctx: ContractContext): void {
  describe('readStream', () => {
    let stream: string;

    beforeAll(async () => {
      stream = uniqueStream();
      await ctx.store().appendToStream(stream, events(5));
      await ctx.store().appendToStream(`${stream}0`, events(2, 50));
    });

    it('reads forwards from the start, from a revision (inclusive), up to maxCount', async () => {
      const read = (options: ReadStreamOptions) => ctx.store().readStream(stream, options);
      expect(numbers(await read({}))).toEqual([0, 1, 2, 3, 4]);
      expect(numbers(await read({ direction: 'forwards', fromRevision: 2n }))).toEqual([2, 3, 4]);
      expect(numbers(await read({ fromRevision: 1n, maxCount: 2 }))).toEqual([1, 2]);
      expect(numbers(await read({ fromRevision: 5n }))).toEqual([]);
      expect(numbers(await read({ maxCount: 0 }))).toEqual([]);
    });

    it('reads backwards from the end or from a revision (inclusive), up to maxCount', async () => {
      const read = (options: ReadStreamOptions) =>
        ctx.store().readStream(stream, { direction: 'backwards', ...options });
      expect(numbers(await read({}))).toEqual([4, 3, 2, 1, 0]);
      expect(numbers(await read({ fromRevision: 2n }))).toEqual([2, 1, 0]);
      expect(numbers(await read({ maxCount: 2 }))).toEqual([4, 3]);
      expect(numbers(await read({ fromRevision: 3n, maxCount: 2 }))).toEqual([3, 2]);
    });

    it('reads only the named stream, never one whose name merely starts the same', async () => {
      const read = await ctx.store().readStream(stream);
      expect(read.every((event) => event.streamName === stream)).toBe(true);
      expect(numbers(await ctx.store().readStream(`${stream}0`))).toEqual([50, 51]);
    });

    it('gives an empty array for a stream that does not exist', async () => {
      expect(await ctx.store().readStream(uniqueStream())).toEqual([]);
      expect(await ctx.store().readStream(uniqueStream(), { direction: 'backwards' })).toEqual([]);
    });
  });

  describe('readAll', () => {
    let marker: AppendResult;
    let a: RecordedEvent[];
    let b: RecordedEvent[];

    // Interleaved appends to two streams after a marker: $all must keep the order of the appends.
    beforeAll(async () => {
      const [streamA, streamB] = [uniqueStream(), uniqueStream()];
      marker = await ctx.store().appendToStream(uniqueStream(), events(1, 0));
      await ctx.store().appendToStream(streamA, [anEvent(1)]);
      await ctx.store().appendToStream(streamB, [anEvent(2)]);
      const last = await ctx.store().appendToStream(streamA, [anEvent(3)]);
      await untilReadable(ctx.store(), last.position);
      a = await ctx.store().readStream(streamA);
      b = await ctx.store().readStream(streamB);
    });

    it('reads all streams in append order, after an exclusive position', async () => {
      const read = await ctx.store().readAll({ after: marker.position });

      expect(numbers(read)).toEqual([1, 2, 3]);
      expect(read).toEqual([a[0], b[0], a[1]]);
      expectAscending(read);
    });

    it('reads from the very start when no position is given', async () => {
      const read = await ctx.store().readAll();

      expect(numbers(read.slice(-4))).toEqual([0, 1, 2, 3]);
      expect(read[read.length - 4].position).toEqual(marker.position);
      expectAscending(read);
    });

    it('pages forwards with maxCount, each page after the last position of the one before', async () => {
      const first = await ctx.store().readAll({ after: marker.position, maxCount: 2 });
      const next = await ctx.store().readAll({ after: first[1].position, maxCount: 2 });

      expect(numbers(first)).toEqual([1, 2]);
      expect(numbers(next)).toEqual([3]);
    });

    it('reads backwards from the end, or before an exclusive position', async () => {
      expect(numbers(await ctx.store().readAll({ direction: 'backwards', maxCount: 3 }))).toEqual([3, 2, 1]);
      const before = await ctx.store().readAll({ direction: 'backwards', after: a[1].position, maxCount: 3 });
      expect(numbers(before)).toEqual([2, 1, 0]);
      expect(before[2].position).toEqual(marker.position);
    });
  });
}
