import { batchShipment, invalidBatchShipment, type RuntimeProcess } from '@shipping/testing';
import {
  API_VERSION,
  API_VERSION_HEADER,
  createShippingClient,
  type ShippingClient,
  ShippingApiError,
  unwrap,
  waitForBatchStatus,
} from '@shipping/client';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** On Acme: it reads only the batches it made, and waits for the one it ships to complete. */
export const shippingClientSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('the client against the gateway on the embedded runtime', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;

    beforeAll(() => {
      runtime = runtimeOf();
      acme = createShippingClient({ baseUrl: runtime.baseUrl, apiKey: 'sk_test_acme' });
    });

    it('creates a batch, waits for it to be ready, ships it and waits for it to complete', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1), batchShipment(2)] },
        }),
      );
      const ready = await waitForBatchStatus(acme, created.id, ['ready']);
      expect(ready).toMatchObject({ id: created.id, status: 'ready' });
      unwrap(await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: created.id } } }));
      const completed = await waitForBatchStatus(acme, created.id, ['completed'], { timeoutMs: 60_000 });
      expect(completed.status).toBe('completed');
    });

    it('fails the wait naming the status the batch stayed at', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [invalidBatchShipment(1)] },
        }),
      );
      await waitForBatchStatus(acme, created.id, ['invalid']);
      await expect(waitForBatchStatus(acme, created.id, ['completed'], { timeoutMs: 300 })).rejects.toThrow(
        `Batch ${created.id} is invalid, not completed, after 300 ms.`,
      );
    });

    it('sends each POST under an Idempotency-Key, so the same call is answered once', async () => {
      const body = { shipper_id: 1, service: 'USPS-1' as const, batch_shipments: [batchShipment(3)] };
      const headers = { 'Idempotency-Key': `client-e2e-${Date.now()}` };
      const first = await acme.POST('/batches', { body, headers });
      const again = await acme.POST('/batches', { body, headers });
      expect(unwrap(again).id).toBe(unwrap(first).id);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    });

    it('fails with the envelope message and the field map of a 422', async () => {
      const error = await failure(
        acme
          .POST('/batches', {
            body: { shipper_id: 1, service: 'FEDEX-1', batch_shipments: [batchShipment()] } as never,
          })
          .then(unwrap),
      );
      expect(error).toBeInstanceOf(ShippingApiError);
      expect(error).toMatchObject({
        status: 422,
        message: 'The given data was invalid.',
        fields: { service: ['The selected service is invalid.'] },
      });
      expect((error as ShippingApiError).requestId).toBeTruthy();
    });

    it('pins the version it was generated from, and the gateway says which version served it', async () => {
      const answer = await acme.GET('/account');
      expect(answer.response.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
      const unknown = createShippingClient({
        baseUrl: runtime.baseUrl,
        apiKey: 'sk_test_acme',
        version: '1999-01-01',
      });
      const error = await failure(unknown.GET('/account').then(unwrap));
      expect(error).toMatchObject({
        status: 400,
        message: `${API_VERSION_HEADER} "1999-01-01" is not a version of this API: it serves ${API_VERSION}.`,
      });
    });
  });
