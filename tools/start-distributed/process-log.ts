import { createWriteStream, type WriteStream } from 'node:fs';

const KEPT_LINES = 40;

/**
 * Everything one app instance prints, over all its runs, in its own file (rewritten at each
 * launch); the last lines are kept at hand to report a process that failed.
 */
export class ProcessLog {
  private readonly file: WriteStream;
  private readonly recent: string[] = [];

  constructor(readonly path: string) {
    this.file = createWriteStream(path, { flags: 'w' });
  }

  line(text: string): void {
    this.file.write(`${text}\n`);
    this.recent.push(text);
    if (this.recent.length > KEPT_LINES) this.recent.shift();
  }

  /** The last `count` lines, indented, for a report. */
  tail(count = KEPT_LINES): string {
    return this.recent
      .slice(-count)
      .map((line) => `  ${line}`)
      .join('\n');
  }

  close(): Promise<void> {
    return new Promise((closed) => this.file.end(closed));
  }
}
