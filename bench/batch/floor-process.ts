/**
 * A floor of the read path runs in a process of its own, answering every request with one page's
 * bytes and headers: the page goes to it over IPC and it answers with the port it listens on.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';

const TS_RUNTIME = ['-r', resolve(__dirname, '../../tools/ts-runtime/register.js')];

export interface Page {
  headers: OutgoingHttpHeaders;
  body: string;
}

export interface Floor {
  url: string;
  stop(): Promise<void>;
}

/** Forks `file`, which calls `serveFloor` when run as its own main module. */
export async function startFloor(file: string, page: Page): Promise<Floor> {
  const child: ChildProcess = fork(file, [], { execArgv: TS_RUNTIME, stdio: 'inherit' });
  child.send(page);
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}

/** In the forked process: takes the page, listens with `listen` and reports the port. */
export function serveFloor(listen: (page: Page) => Promise<number>): void {
  process.once('message', (page: Page) => {
    void listen(page).then((port) => process.send?.({ port }));
  });
}
