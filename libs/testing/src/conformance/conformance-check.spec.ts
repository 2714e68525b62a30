import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkedOpenApiExchanges,
  checkExchange,
  enableOpenApiConformance,
  gatewaysWithoutDocument,
  takeOpenApiViolations,
} from './conformance-check';

const document = {
  openapi: '3.0.3',
  info: { title: 'one route', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': {
            description: 'the things',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success'],
                  properties: { success: { type: 'boolean' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** An exchange the document forbids: its answer lacks the required `success`. */
const undocumentedAnswer = {
  method: 'GET',
  url: '/things',
  headers: {},
  body: undefined,
  status: 200,
  contentType: 'application/json',
  responseBody: { data: [] },
};

/** A server whose /openapi.json answers each status of `statuses` in turn, then the document. */
async function serving(
  statuses: number[],
): Promise<{ baseUrl: string; server: Server; asked: () => number }> {
  let asked = 0;
  const server = createServer((_request, response) => {
    const status = statuses[asked++];
    if (status === undefined) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    } else {
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end('{"success":false,"message":"no"}');
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    asked: () => asked,
  };
}

describe('conformance checks against the document a gateway serves', () => {
  const servers: Server[] = [];
  beforeAll(() => enableOpenApiConformance());
  afterEach(() => takeOpenApiViolations());
  afterAll(() => Promise.all(servers.map((server) => new Promise((closed) => server.close(closed)))));

  it('asks again after a 503 while the gateway starts, and then checks every exchange', async () => {
    const gateway = await serving([503]);
    servers.push(gateway.server);
    const checkedBefore = checkedOpenApiExchanges();

    await checkExchange(gateway.baseUrl, undocumentedAnswer);
    expect(gatewaysWithoutDocument()).toEqual([gateway.baseUrl]);
    await checkExchange(gateway.baseUrl, undocumentedAnswer);

    expect(gatewaysWithoutDocument()).toEqual([]);
    expect(gateway.asked()).toBe(2);
    expect(checkedOpenApiExchanges() - checkedBefore).toBe(1);
    expect(takeOpenApiViolations()).toEqual([expect.stringContaining('GET /things 200 answer')]);
  });

  it('asks an address that serves no document once, and checks nothing there', async () => {
    const receiver = await serving([404, 404]);
    servers.push(receiver.server);
    const checkedBefore = checkedOpenApiExchanges();

    await checkExchange(receiver.baseUrl, undocumentedAnswer);
    await checkExchange(receiver.baseUrl, undocumentedAnswer);

    expect(receiver.asked()).toBe(1);
    expect(gatewaysWithoutDocument()).toEqual([]);
    expect(checkedOpenApiExchanges()).toBe(checkedBefore);
    expect(takeOpenApiViolations()).toEqual([]);
  });
});
