import { eventually } from '@shipping/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shipmentBody } from '../testing/shipment-body';
import { context, createWebhookTestApp, STARTUP_TIMEOUT_MS } from '../testing/webhook-test-app';

describe('webhook dispatcher shutdown', () => {
  it(
    'lets the attempt in flight finish and record itself before the module is gone',
    async () => {
      const app = await createWebhookTestApp({ timeoutMs: 5_000 });
      let arrived = 0;
      const slow = createServer((request, response) => {
        arrived++;
        request.resume();
        setTimeout(() => response.writeHead(200).end(), 500);
      });
      await new Promise<void>((done) => slow.listen(0, '127.0.0.1', done));
      try {
        const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`;
        await app.handlers.register({ context: context('acct_stop'), payload: { url } });
        await app.handlers.notify({
          context: context('source'),
          payload: { event_id: 'evt-stop', account_id: 'acct_stop', body: shipmentBody() },
        });
        await eventually(async () => (arrived > 0 ? true : undefined));

        await app.module.close();

        const { rows } = await app.sql.query(
          'select d.status, a.status_code from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id',
        );
        expect(rows).toEqual([{ status: 'delivered', status_code: 200 }]);
      } finally {
        await app.sql.close();
        slow.closeAllConnections();
        await new Promise((done) => slow.close(done));
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
