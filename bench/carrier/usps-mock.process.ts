/**
 * The USPS mock in a process of its own, so its label drawing does not share the bench's event
 * loop: started by bench/carrier (mock-process.ts) over IPC with a latency and a rate limit, it answers
 * { url } once listening and { refused, labels } when asked for its counts.
 */
import { mockLabelPdf, UspsMockServer, type UspsMockClient } from '@shipping/testing';

interface Start {
  clients: UspsMockClient[];
  latencyMs: number;
  perSecond: number;
}

let mock: UspsMockServer | undefined;

process.on('message', (message: { start?: Start; counts?: true; reset?: true }) => {
  void (async () => {
    if (message.start) {
      // One label drawn once: the bench measures the guard and the adapter, not the mock's drawing.
      const labelPdf = await mockLabelPdf({
        trackingNumber: '9205590109769900012613',
        mailClass: 'PRIORITY_MAIL',
        toName: 'Jane Receiver',
        toZIPCode: '94043',
      });
      mock = await UspsMockServer.start({ clients: message.start.clients, labelPdf });
      mock.delay(message.start.latencyMs);
      mock.rateLimit(message.start.perSecond);
      process.send?.({ url: mock.url });
    } else if (message.counts && mock) {
      const labels = mock.requestsTo('POST', '/labels/v3/label');
      process.send?.({
        labels: labels.length,
        refused: mock.requests.filter((request) => request.status === 429).length,
        requests: mock.requests.length,
      });
    } else if (message.reset && mock) {
      mock.requests.length = 0;
      process.send?.({ reset: true });
    }
  })();
});

process.on('disconnect', () => void mock?.stop().finally(() => process.exit(0)));
