import { bySize } from './public-event-relay';

const message = (key: string, bytes: number) => ({ key, value: 'x'.repeat(bytes) });
const keys = (sends: { key: string }[][]) => sends.map((send) => send.map((each) => each.key).join(''));

describe('bySize', () => {
  it('puts consecutive messages into one send while their values fit', () => {
    expect(keys(bySize([message('a', 40), message('b', 40), message('c', 40)], 100))).toEqual(['ab', 'c']);
  });

  it('keeps the order of the messages across sends', () => {
    const messages = ['a', 'b', 'c', 'd', 'e'].map((key) => message(key, 30));
    expect(keys(bySize(messages, 60)).join('')).toBe('abcde');
  });

  it('sends a message bigger than the limit alone rather than dropping it', () => {
    expect(keys(bySize([message('a', 10), message('b', 500), message('c', 10)], 100))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('counts bytes, not characters', () => {
    expect(
      keys(
        bySize(
          [
            { key: 'a', value: 'é'.repeat(30) },
            { key: 'b', value: 'é'.repeat(30) },
          ],
          100,
        ),
      ),
    ).toEqual(['a', 'b']);
  });

  it('makes no send of nothing', () => {
    expect(bySize([], 100)).toEqual([]);
  });
});
