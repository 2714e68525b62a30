// A cluster of one worker for shared-port.int.spec.ts. The primary prints what the worker says
// (`checked` once its readiness was checked twice, `still waiting: ...` every 300 ms while not
// ready, `ready`, `listening`) and lets it listen when
// its stdin says `listen`. The worker is ready once the file READY_FILE exists.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Readiness } from '../observability/readiness';
import { SHARED_PORT_MESSAGES, waitForTurnToListen } from './shared-port';

const port = Number(process.env['PORT']);

if (cluster.isPrimary) {
  const worker = cluster.fork();
  worker.on('message', (message: unknown) => {
    if (message === SHARED_PORT_MESSAGES.ready) console.log('ready');
    if (message === 'checked') console.log('checked');
    if (typeof message === 'string' && message.startsWith('still waiting')) console.log(message);
  });
  worker.on('listening', () => console.log('listening'));
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'listen') worker.send(SHARED_PORT_MESSAGES.listen);
  });
  process.stdin.on('end', () => process.exit(0));
} else {
  let checks = 0;
  const readiness = new Readiness([
    {
      name: 'file',
      check: async () => {
        if (++checks === 2) process.send?.('checked');
        if (!existsSync(String(process.env['READY_FILE']))) throw new Error('not there yet');
      },
    },
  ]);
  const stillWaiting = ({ checks }: { checks: Record<string, string> }) =>
    process.send?.(`still waiting: file ${checks['file']}`);
  void waitForTurnToListen(readiness, stillWaiting, 300).then(() =>
    createServer((_, response) => response.end('served')).listen(port, '127.0.0.1'),
  );
}
