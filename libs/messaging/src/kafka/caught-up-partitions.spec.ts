import type { Admin } from 'kafkajs';
import { CaughtUpPartitions } from './caught-up-partitions';

const TOPIC = 'shipping.orders';

/** The admin calls CaughtUpPartitions makes, the topic's ends failing `failures` times first. */
function adminAnswering(failures: number) {
  const calls = { ends: 0 };
  const admin = {
    fetchTopicOffsets: async () => {
      calls.ends++;
      if (calls.ends <= failures) throw new Error('This server is not the leader for that topic-partition');
      return [{ partition: 0, offset: '3', high: '3', low: '0' }];
    },
    fetchOffsets: async () => [{ topic: TOPIC, partitions: [{ partition: 0, offset: '-1' }] }],
  };
  return { admin: admin as unknown as Admin, calls };
}

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

describe('a group member catching up on the partitions it got', () => {
  it('asks again where the group stands while the broker cannot answer, then is caught up at the partition end', async () => {
    const { admin, calls } = adminAnswering(2);
    const caughtUp = new CaughtUpPartitions(admin, 'order', TOPIC, undefined, 10);
    const failures: number[] = [];

    await caughtUp.assigned([0], (_error, pauseMs) => failures.push(pauseMs));
    caughtUp.handled(0, '1');
    expect(await settledWithin(caughtUp.promise, 50)).toBe(false);
    caughtUp.handled(0, '2');

    expect(await settledWithin(caughtUp.promise, 1_000)).toBe(true);
    expect(failures).toEqual([10, 20]);
    expect(calls.ends).toBe(3);
  });

  it('stops asking for an assignment a newer one replaced, or once stopped', async () => {
    const { admin, calls } = adminAnswering(Number.POSITIVE_INFINITY);
    const caughtUp = new CaughtUpPartitions(admin, 'order', TOPIC, undefined, 10);

    const first = caughtUp.assigned([0]);
    await new Promise((done) => setTimeout(done, 35));
    const second = caughtUp.assigned([0]);
    await new Promise((done) => setTimeout(done, 35));
    caughtUp.stop();
    await Promise.all([first, second]);
    const asked = calls.ends;
    await new Promise((done) => setTimeout(done, 100));

    expect(calls.ends).toBe(asked);
    expect(await settledWithin(caughtUp.promise, 10)).toBe(false);
  });
});
