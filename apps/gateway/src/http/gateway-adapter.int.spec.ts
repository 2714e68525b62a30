import { createGatewayAdapter } from './gateway-adapter';

describe('the gateway HTTP server', () => {
  it('keeps an idle connection 72 s and says so, longer than a proxy in front keeps its own', async () => {
    const adapter = createGatewayAdapter({ trustProxy: false });
    const server = adapter.getInstance();
    server.get('/ping', async () => ({ ok: true }));
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${address}/ping`);
      await response.text();
      expect(response.headers.get('keep-alive')).toBe('timeout=72');
    } finally {
      await server.close();
    }
  });
});
