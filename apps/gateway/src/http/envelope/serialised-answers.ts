import { SerialisedSuccess } from './serialised-success';

/**
 * Answers serialised lately, under keys that name everything their body is made of: while a key
 * is asked for again, its answer is reused instead of built, serialised and hashed again. The
 * least recently used go first once their texts pass `maxChars` together.
 */
export class SerialisedAnswers {
  private readonly answers = new Map<string, SerialisedSuccess>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  answer(key: string, build: () => unknown): SerialisedSuccess {
    const kept = this.answers.get(key);
    if (kept !== undefined) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const answer = new SerialisedSuccess(build());
    this.answers.set(key, answer);
    this.chars += answer.text.length;
    for (const [oldest, { text }] of this.answers) {
      if (this.chars <= this.maxChars) break;
      this.answers.delete(oldest);
      this.chars -= text.length;
    }
    return answer;
  }

  /** Characters of the texts kept. */
  get size(): number {
    return this.chars;
  }
}
