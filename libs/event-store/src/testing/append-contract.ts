import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, type ExpectedRevision } from '../event-store';
import { anEvent, events, numbers, uniqueStream, type ContractContext } from './contract-helpers';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function conflictOf(append: Promise<unknown>): Promise<WrongExpectedVersionError> {
  const error = await append.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
}

export function describeAppendContract(ctx: ContractContext): void {
  describe('appendToStream', () => {
    it('stores id, type, version, data, metadata and creation time, with defaults for what is left out', async () => {
      const stream = uniqueStream();
      const id = randomUUID();
      const before = Date.now();
      await ctx.store().appendToStream(stream, [
        {
          id,
          type: 'ParcelWeighed',
          version: 2,
          data: { grams: 1200, tags: ['fragile'], nested: { ok: true, none: null } },
          metadata: { correlationId: 'corr-1', causationId: 'cause-1', accountId: 'acme', extra: 7 },
        },
        { type: 'ParcelLabelled', data: { label: 'ä €' } },
      ]);

      const [first, second] = await ctx.store().readStream(stream);
      expect(first).toMatchObject({
        id,
        streamName: stream,
        revision: 0n,
        type: 'ParcelWeighed',
        version: 2,
        data: { grams: 1200, tags: ['fragile'], nested: { ok: true, none: null } },
        metadata: { correlationId: 'corr-1', causationId: 'cause-1', accountId: 'acme', extra: 7 },
      });
      expect(second).toMatchObject({
        streamName: stream,
        revision: 1n,
        type: 'ParcelLabelled',
        version: 1,
        data: { label: 'ä €' },
        metadata: {},
      });
      expect(second.id).toMatch(uuid);
      expect(second.id).not.toBe(id);
      for (const event of [first, second]) {
        expect(event.createdAt).toBeInstanceOf(Date);
        expect(Math.abs(event.createdAt.getTime() - before)).toBeLessThan(60_000);
      }
    });

    it('numbers revisions from 0 and reports the next expected revision and the last position', async () => {
      const stream = uniqueStream();
      const first = await ctx.store().appendToStream(stream, events(2));
      const second = await ctx.store().appendToStream(stream, events(3, 2));

      expect(first.nextExpectedRevision).toBe(1n);
      expect(second.nextExpectedRevision).toBe(4n);
      const stored = await ctx.store().readStream(stream);
      expect(stored.map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(numbers(stored)).toEqual([0, 1, 2, 3, 4]);
      expect(first.position).toEqual(stored[1].position);
      expect(second.position).toEqual(stored[4].position);
    });

    it('appends whatever the revision when none is expected (any)', async () => {
      const stream = uniqueStream();
      await ctx.store().appendToStream(stream, events(1));
      await ctx.store().appendToStream(stream, events(1, 1));
      await ctx.store().appendToStream(stream, events(1, 2), { expectedRevision: 'any' });
      expect(numbers(await ctx.store().readStream(stream))).toEqual([0, 1, 2]);
    });

    it('no_stream creates a stream and refuses one that exists, reporting its revision', async () => {
      const stream = uniqueStream();
      await ctx.store().appendToStream(stream, events(2), { expectedRevision: 'no_stream' });

      const conflict = await conflictOf(
        ctx.store().appendToStream(stream, events(1, 9), { expectedRevision: 'no_stream' }),
      );
      expect(conflict).toMatchObject({ streamName: stream, expected: 'no_stream', actual: 1n });
      expect(numbers(await ctx.store().readStream(stream))).toEqual([0, 1]);
    });

    it('stream_exists refuses a missing stream and appends to an existing one', async () => {
      const stream = uniqueStream();
      const conflict = await conflictOf(
        ctx.store().appendToStream(stream, events(1), { expectedRevision: 'stream_exists' }),
      );
      expect(conflict).toMatchObject({ streamName: stream, expected: 'stream_exists', actual: 'no_stream' });
      expect(await ctx.store().readStream(stream)).toEqual([]);

      await ctx.store().appendToStream(stream, events(1));
      const result = await ctx
        .store()
        .appendToStream(stream, events(1, 1), { expectedRevision: 'stream_exists' });
      expect(result.nextExpectedRevision).toBe(1n);
    });

    it('an exact revision appends only when the stream is at it, and reports the actual revision otherwise', async () => {
      const stream = uniqueStream();
      const missing = await conflictOf(
        ctx.store().appendToStream(stream, events(1), { expectedRevision: 0n }),
      );
      expect(missing).toMatchObject({ expected: 0n, actual: 'no_stream' });

      await ctx.store().appendToStream(stream, events(2));
      const result = await ctx.store().appendToStream(stream, events(1, 2), { expectedRevision: 1n });
      expect(result.nextExpectedRevision).toBe(2n);

      const stale = await conflictOf(
        ctx.store().appendToStream(stream, events(1, 9), { expectedRevision: 1n }),
      );
      expect(stale).toMatchObject({ streamName: stream, expected: 1n, actual: 2n });
      const ahead = await conflictOf(
        ctx.store().appendToStream(stream, events(1, 9), { expectedRevision: 5n }),
      );
      expect(ahead).toMatchObject({ streamName: stream, expected: 5n, actual: 2n });
      expect(numbers(await ctx.store().readStream(stream))).toEqual([0, 1, 2]);
    });

    it('writes none of the events of a refused append', async () => {
      const stream = uniqueStream();
      await ctx.store().appendToStream(stream, events(1));
      await conflictOf(ctx.store().appendToStream(stream, events(3, 1), { expectedRevision: 'no_stream' }));
      expect(numbers(await ctx.store().readStream(stream))).toEqual([0]);
    });

    it('refuses an append without events', async () => {
      await expect(ctx.store().appendToStream(uniqueStream(), [])).rejects.toThrow();
    });

    describe('under concurrency', () => {
      const race = (stream: string, expectedRevision: ExpectedRevision) =>
        Promise.allSettled(
          Array.from({ length: 10 }, (_, i) =>
            ctx.store().appendToStream(stream, [anEvent(100 + i)], { expectedRevision }),
          ),
        );

      it('lets exactly one of ten appends expecting the same revision win', async () => {
        const stream = uniqueStream();
        await ctx.store().appendToStream(stream, events(1));

        const results = await race(stream, 0n);

        const won = results.filter((result) => result.status === 'fulfilled');
        const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const error of lost)
          expect(error).toMatchObject({ name: 'WrongExpectedVersionError', expected: 0n, actual: 1n });
        expect(await ctx.store().readStream(stream)).toHaveLength(2);
      });

      it('lets exactly one of ten appends expecting no stream create it', async () => {
        const stream = uniqueStream();
        const results = await race(stream, 'no_stream');

        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        for (const result of results) {
          if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WrongExpectedVersionError);
        }
        expect(await ctx.store().readStream(stream)).toHaveLength(1);
      });

      it('appends all of ten concurrent appends expecting any, each at its own revision', async () => {
        const stream = uniqueStream();
        const results = await race(stream, 'any');

        expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
        const stored = await ctx.store().readStream(stream);
        expect(stored.map((event) => event.revision)).toEqual(
          Array.from({ length: 10 }, (_, i) => BigInt(i)),
        );
        expect(new Set(numbers(stored)).size).toBe(10);
      });
    });

    if (ctx.capabilities.uniqueEventIds) {
      it('refuses an event id it already holds and writes nothing of that append', async () => {
        const [first, second] = [uniqueStream(), uniqueStream()];
        const id = randomUUID();
        await ctx.store().appendToStream(first, [anEvent(0, { id })]);

        await expect(ctx.store().appendToStream(second, [anEvent(1), anEvent(2, { id })])).rejects.toThrow();

        expect(await ctx.store().readStream(second)).toEqual([]);
        expect((await ctx.store().readStream(first)).map((event) => event.id)).toEqual([id]);
        await ctx.store().appendToStream(second, [anEvent(3)], { expectedRevision: 'no_stream' });
      });
    }
  });
}
