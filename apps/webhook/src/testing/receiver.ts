import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  status: number;
}

export interface Receiver {
  url: string;
  calls: ReceivedCall[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that answers the nth call (from 1) with `statusFor(n, its headers)`. */
export async function startReceiver(
  statusFor: (call: number, headers: IncomingHttpHeaders) => number = () => 200,
): Promise<Receiver> {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = statusFor(calls.length + 1, request.headers);
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    calls,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A receiver that accepts every connection and request and never answers. */
export async function startBlackHole() {
  const hanging: ServerResponse[] = [];
  const server = createServer((_request, response) => void hanging.push(response));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    hanging,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type BlackHole = Awaited<ReturnType<typeof startBlackHole>>;
