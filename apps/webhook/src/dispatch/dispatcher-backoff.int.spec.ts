import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { eventually } from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import { context, createWebhookTestApp, STARTUP_TIMEOUT_MS } from '../testing/webhook-test-app';
import { DeliveryQueue } from './delivery-queue';

describe('webhook dispatcher on a store that does not answer', () => {
  it(
    'asks again after growing pauses instead of at every poll, and asks at the poll again once the store answers',
    async () => {
      const app = await createWebhookTestApp({ pollIntervalMs: 20 });
      const queue = app.module.get(DeliveryQueue);
      const claims: number[] = [];
      let failing = true;
      const claimDue = queue.claimDue.bind(queue);
      jest.spyOn(queue, 'claimDue').mockImplementation(async (...args) => {
        claims.push(Date.now());
        if (failing) throw new Error('the store does not answer');
        return claimDue(...args);
      });
      try {
        const start = claims.length;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        // 20, 40, 80, 160, 320, 640 ms: at most 7 attempts a second; every poll would be about 50.
        expect(claims.length - start).toBeLessThanOrEqual(7);

        failing = false;
        await eventually(async () => (claims.length >= start + 12 ? true : undefined));
      } finally {
        await app.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'stops polling when a start is refused half-way',
    async () => {
      const sql = await createPgliteSqlClient();
      const key = (id: string) => ({ id, key: randomBytes(32) });
      try {
        const first = await createWebhookTestApp({ secretKeys: [key('first')] }, undefined, sql);
        await first.handlers.register({
          context: context('acct_refused'),
          payload: { url: 'http://127.0.0.1:9/hooks' },
        });
        await first.close();
        await expect(createWebhookTestApp({ secretKeys: [key('other')] }, undefined, sql)).rejects.toThrow(
          /WEBHOOK_SECRET_KEYS/,
        );
        const claimed = jest.spyOn(DeliveryQueue.prototype, 'claimDue');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(claimed).not.toHaveBeenCalled();
      } finally {
        await sql.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
