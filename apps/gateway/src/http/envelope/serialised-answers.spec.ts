import { SerialisedAnswers } from './serialised-answers';

describe('serialised answers', () => {
  const body = (name: string) => ({ name, padding: 'x'.repeat(60) });

  it('builds an answer once and gives it again for its key', () => {
    const answers = new SerialisedAnswers(10_000);
    const build = jest.fn(() => body('a'));

    const first = answers.answer('a', build);
    expect(answers.answer('a', build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(first.text).toBe(JSON.stringify({ success: true, data: body('a') }));
  });

  it('keeps no more text than it was given, dropping the least recently used first', () => {
    const length = JSON.stringify({ success: true, data: body('a') }).length;
    const answers = new SerialisedAnswers(length * 2);
    const a = answers.answer('a', () => body('a'));
    answers.answer('b', () => body('b'));
    answers.answer('a', () => body('a'));
    answers.answer('c', () => body('c'));

    expect(answers.size).toBe(length * 2);
    expect(answers.answer('a', () => body('a'))).toBe(a);
    const rebuilt = jest.fn(() => body('b'));
    answers.answer('b', rebuilt);
    expect(rebuilt).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing of an answer larger than all it may keep, and still gives it', () => {
    const answers = new SerialisedAnswers(10);
    expect(answers.answer('a', () => body('a')).text).toContain('"name":"a"');
    expect(answers.size).toBe(0);
  });
});
