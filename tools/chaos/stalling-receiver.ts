import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  /** The endpoint's path: each endpoint of the account is a path of the one receiver. */
  path: string;
  webhookId: string;
  raw: string;
}

/**
 * A webhook receiver on loopback that records the Webhook-Id and body of every call and answers
 * 204; while stalled it answers nothing until the stall ends, as a receiver hung on its own work.
 */
export async function startStallingReceiver() {
  const received: ReceivedCall[] = [];
  let stalledUntil = 0;
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', webhookId: String(request.headers['webhook-id']), raw });
      if (Date.now() < stalledUntil) held.push(response);
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const answerHeld = () => {
    for (const response of held.splice(0)) if (!response.destroyed) response.writeHead(204).end();
  };
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** Holds every call from now for `ms`; the held ones are answered when it ends, if still waiting. */
    stall: (ms: number) =>
      new Promise<void>((done) => {
        stalledUntil = Date.now() + ms;
        setTimeout(() => {
          answerHeld();
          done();
        }, ms);
      }),
    close: () =>
      new Promise<void>((done) => {
        stalledUntil = 0;
        answerHeld();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export type StallingReceiver = Awaited<ReturnType<typeof startStallingReceiver>>;
