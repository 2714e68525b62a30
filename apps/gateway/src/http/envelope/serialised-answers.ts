import { LruCache } from '@shipping/platform';
import { SerialisedSuccess } from './serialised-success';

/**
 * Answers serialised lately, under keys that name everything their body is made of: while a key
 * is asked for again, its answer is reused instead of built, serialised and hashed again.
 */
export class SerialisedAnswers {
  private readonly answers: LruCache<SerialisedSuccess>;

  constructor(capacity: number) {
    this.answers = new LruCache<SerialisedSuccess>(capacity);
  }

  answer(key: string, build: () => unknown): SerialisedSuccess {
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = new SerialisedSuccess(build());
      this.answers.set(key, answer);
    }
    return answer;
  }
}
