import { mapInTurns } from './map-in-turns';

describe('work in turns', () => {
  it('keeps at most the limit under way and answers in item order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapInTurns([5, 1, 4, 2, 3, 0, 6], 3, async (item) => {
      running++;
      most = Math.max(most, running);
      for (let tick = 0; tick < item; tick++) await new Promise((resolve) => setImmediate(resolve));
      running--;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it('takes one at a time with a limit below one, and answers nothing for no items', async () => {
    expect(await mapInTurns([1, 2], 0, async (item) => item)).toEqual([1, 2]);
    expect(await mapInTurns([], 4, async (item) => item)).toEqual([]);
  });

  it('fails with the first failure', async () => {
    await expect(
      mapInTurns([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('item 2 failed');
        return item;
      }),
    ).rejects.toThrow('item 2 failed');
  });
});
