import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { UspsMockClient } from '@shipping/testing';

export interface MockCounts {
  labels: number;
  refused: number;
  requests: number;
}

/** The USPS mock of usps-mock.process.ts, driven over IPC. */
export class MockProcess {
  private constructor(private readonly child: ChildProcess) {}

  static async start(
    clients: UspsMockClient[],
    latencyMs: number,
    perSecond: number,
  ): Promise<{ mock: MockProcess; url: string }> {
    const child = fork(resolve(__dirname, 'usps-mock.process.ts'), {
      execArgv: ['-r', resolve(__dirname, '../../tools/ts-runtime/register.js')],
    });
    const mock = new MockProcess(child);
    const { url } = await mock.ask<{ url: string }>({ start: { clients, latencyMs, perSecond } });
    return { mock, url };
  }

  ask<T>(message: object): Promise<T> {
    return new Promise((answered) => {
      this.child.once('message', (answer) => answered(answer as T));
      this.child.send(message);
    });
  }

  counts(): Promise<MockCounts> {
    return this.ask<MockCounts>({ counts: true });
  }

  /** Forgets the requests and waits out the rate window, so a run does not start on the last one's second. */
  async reset(): Promise<void> {
    await this.ask({ reset: true });
    await new Promise((done) => setTimeout(done, 1_100));
  }

  pid(): number {
    return this.child.pid as number;
  }

  stop(): void {
    this.child.disconnect();
  }
}
