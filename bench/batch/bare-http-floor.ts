/**
 * The read path's floor: a bare `node:http` server in a process of its own, answering every
 * request with one page's bytes and headers from memory. Started by `startBareHttpFloor`, which
 * sends it the page over IPC; it answers with the port it listens on.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';

/** Loads nothing but node:http in the server's process: the TypeScript hook and this file. */
const TS_RUNTIME = ['-r', resolve(__dirname, '../../tools/ts-runtime/register.js')];

export interface Page {
  headers: OutgoingHttpHeaders;
  body: string;
}

export interface BareHttpFloor {
  url: string;
  stop(): Promise<void>;
}

function serve({ headers, body }: Page): void {
  const bytes = Buffer.from(body);
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, headers);
    response.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

export async function startBareHttpFloor(page: Page): Promise<BareHttpFloor> {
  const child: ChildProcess = fork(__filename, [], { execArgv: TS_RUNTIME, stdio: 'inherit' });
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

if (require.main === module) process.once('message', (page: Page) => serve(page));
