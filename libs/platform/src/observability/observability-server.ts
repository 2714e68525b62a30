import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsText } from './metrics';
import type { Readiness } from './readiness';

/**
 * The small HTTP listener of an app that serves no HTTP of its own: GET /metrics, /health/live and
 * /health/ready on its metrics port. Anything else is 404.
 */
export async function listenForObservability(
  readiness: Readiness,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = async () => {
      if (request.method !== 'GET') return json(405, { error: 'method not allowed' });
      if (path === '/metrics') {
        const { contentType, body } = await metricsText();
        response.writeHead(200, { 'content-type': contentType }).end(body);
        return;
      }
      if (path === '/health/live') return json(200, { status: 'ok' });
      if (path === '/health/ready') {
        const report = await readiness.report();
        return json(report.ready ? 200 : 503, { status: report.ready ? 'ok' : 'unavailable', ...report });
      }
      return json(404, { error: 'not found' });
    };
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    answer().catch(() => json(500, { error: 'internal' }));
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => listening());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
