import { NotStarted, startRolling } from './rolling-starts';

interface Gate {
  item: string;
  open: (value?: string) => void;
  fail: (error: Error) => void;
}

/** Work whose items finish when the test says so, recording the order they were started in. */
function gatedWork() {
  const started: string[] = [];
  const gates = new Map<string, Gate>();
  const work = (item: string) =>
    new Promise<string>((resolve, reject) => {
      started.push(item);
      gates.set(item, { item, open: (value = `done ${item}`) => resolve(value), fail: reject });
    });
  const gate = (item: string) => gates.get(item) as Gate;
  return { started, work, gate };
}

const turn = () => new Promise((done) => setImmediate(done));

describe('starting work with a fixed number under way', () => {
  it('starts as many as the limit, in order, and answers each outcome in item order', async () => {
    const { started, work, gate } = gatedWork();
    const rolling = startRolling(['a', 'b', 'c', 'd'], 2, work);
    expect(started).toEqual(['a', 'b']);
    gate('a').open();
    await turn();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const item of ['b', 'c']) gate(item).open();
    await turn();
    gate('d').open();
    expect(await Promise.all([0, 1, 2, 3].map((index) => rolling.outcome(index)))).toEqual([
      'done a',
      'done b',
      'done c',
      'done d',
    ]);
  });

  it('starts the next item as soon as any one under way settles, not only the oldest', async () => {
    const { started, work, gate } = gatedWork();
    const rolling = startRolling(['a', 'b', 'c', 'd'], 3, work);
    gate('c').open();
    await turn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(await rolling.outcome(2)).toBe('done c');
  });

  it('counts a failed item as settled: its outcome rejects and the next item starts', async () => {
    const { started, work, gate } = gatedWork();
    const rolling = startRolling(['a', 'b'], 1, work);
    gate('a').fail(new Error('label app down'));
    await expect(rolling.outcome(0)).rejects.toThrow('label app down');
    await turn();
    expect(started).toEqual(['a', 'b']);
  });

  it('starts nothing more once stopped; the items never started answer NotStarted', async () => {
    const { started, work, gate } = gatedWork();
    let stopped = false;
    const rolling = startRolling(['a', 'b', 'c'], 1, work, () => stopped);
    stopped = true;
    gate('a').open();
    expect(await rolling.outcome(0)).toBe('done a');
    await rolling.settled();
    expect(started).toEqual(['a']);
    await expect(rolling.outcome(1)).rejects.toBeInstanceOf(NotStarted);
    await expect(rolling.outcome(2)).rejects.toBeInstanceOf(NotStarted);
  });

  it('settles once every started item has, including those started while it waited', async () => {
    const { work, gate } = gatedWork();
    const rolling = startRolling(['a', 'b'], 1, work);
    let settled = false;
    void rolling.settled().then(() => (settled = true));
    gate('a').open();
    await turn();
    expect(settled).toBe(false);
    gate('b').open();
    await turn();
    expect(settled).toBe(true);
  });
});
