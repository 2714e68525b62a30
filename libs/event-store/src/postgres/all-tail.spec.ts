import type { Position, RecordedEvent } from '../event-store';
import { AllTail } from './all-tail';

const at = (commit: number, prepare = commit): Position => ({
  commit: BigInt(commit),
  prepare: BigInt(prepare),
});

const event = (commit: number): RecordedEvent => ({
  id: `e${commit}`,
  streamName: `s-${commit % 3}`,
  revision: 0n,
  position: at(commit),
  type: 'Happened',
  version: 1,
  data: { n: commit, nested: { list: [commit] } },
  metadata: {},
  createdAt: new Date(0),
});

const run = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => event(from + index));
const commits = (events: RecordedEvent[]) => events.map((recorded) => Number(recorded.position.commit));

describe('AllTail', () => {
  it('covers nothing until a page is remembered', () => {
    const tail = new AllTail(10);
    expect(tail.covers(undefined)).toBe(false);
    expect(tail.covers(at(1))).toBe(false);
    expect(tail.isBehind(at(1))).toBe(false);
  });

  it('serves the events after any position inside the stretch, up to the limit', () => {
    const tail = new AllTail(10);
    tail.remember(undefined, run(1, 5));
    expect(tail.covers(undefined)).toBe(true);
    expect(commits(tail.after(undefined, 3))).toEqual([1, 2, 3]);
    expect(commits(tail.after(at(2), 10))).toEqual([3, 4, 5]);
    // Positions between two kept events (a checkpoint of another reader) slice the same way.
    expect(commits(tail.after(at(2, 9), 10))).toEqual([3, 4, 5]);
    expect(tail.after(at(5), 10)).toEqual([]);
    expect(tail.covers(at(6))).toBe(false);
  });

  it('extends the stretch with a page read from its end, and keeps only the newest events', () => {
    const tail = new AllTail(6);
    tail.remember(undefined, run(1, 4));
    tail.remember(at(4), run(5, 8));
    expect(tail.end).toEqual(at(8));
    expect(tail.covers(undefined)).toBe(false);
    expect(tail.covers(at(2))).toBe(true);
    expect(tail.isBehind(at(1))).toBe(true);
    expect(commits(tail.after(at(2), 10))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('replaces the stretch with a page reaching further, and ignores one that does not', () => {
    const tail = new AllTail(10);
    tail.remember(at(10), run(11, 12));
    tail.remember(at(2), run(3, 5));
    expect(tail.covers(at(11))).toBe(true);
    expect(tail.covers(at(4))).toBe(false);
    tail.remember(at(20), run(21, 22));
    expect(tail.covers(at(11))).toBe(false);
    expect(commits(tail.after(at(20), 10))).toEqual([21, 22]);
  });

  it('hands out frozen events, so no reader can change what the others are given', () => {
    const tail = new AllTail(10);
    const [kept] = tail.remember(undefined, run(1, 1));
    expect(Object.isFrozen(kept)).toBe(true);
    expect(() => {
      (kept.data as { nested: { list: number[] } }).nested.list.push(2);
    }).toThrow(TypeError);
  });
});
