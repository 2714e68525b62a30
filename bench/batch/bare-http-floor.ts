/**
 * The read path's floor: a bare `node:http` server in a process of its own, answering every
 * request with one page's bytes and headers from memory. It loads nothing but node:http (and the
 * TypeScript hook that runs this file).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Floor, type Page, serveFloor, startFloor } from './floor-process';

async function listen({ headers, body }: Page): Promise<number> {
  const bytes = Buffer.from(body);
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, headers);
    response.end(bytes);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export const startBareHttpFloor = (page: Page): Promise<Floor> => startFloor(__filename, page);

if (require.main === module) serveFloor(listen);
