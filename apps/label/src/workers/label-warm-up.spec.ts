import type { CarrierLabelRequest, CarrierPort } from '../carrier/carrier-port';
import { LabelWarmUp } from './label-warm-up';
import type { LabelWorkerPool } from './label-worker-pool';

describe('label warm-up', () => {
  it('renders one throwaway label per worker thread at start, without waiting for them', async () => {
    const requests: CarrierLabelRequest[] = [];
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((done) => (finish = done));
    const carrier: CarrierPort = {
      purchase: async (request) => {
        requests.push(request);
        await finished;
        return { ok: false, reason: 'not needed' } as unknown as Awaited<ReturnType<CarrierPort['purchase']>>;
      },
    };
    new LabelWarmUp(carrier, { size: 3 } as LabelWorkerPool).onApplicationBootstrap();
    expect(requests.map((request) => request.item_id)).toEqual(['warm-up-0', 'warm-up-1', 'warm-up-2']);
    finish();
  });
});
