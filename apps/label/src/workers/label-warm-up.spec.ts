import type { LabelDrawing } from '../rendering/label-drawing';
import { LabelWarmUp, WARM_UP_DRAWING } from './label-warm-up';
import type { LabelWorkerPool } from './label-worker-pool';

describe('label warm-up', () => {
  it('draws one throwaway label per worker thread at start, on the pool, without waiting for them', async () => {
    const drawings: LabelDrawing[] = [];
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((done) => (finish = done));
    const pool = {
      size: 3,
      render: async (drawing: LabelDrawing) => {
        drawings.push(drawing);
        await finished;
        return { pdf: new Uint8Array(), threadId: 1 };
      },
    };
    new LabelWarmUp(pool as unknown as LabelWorkerPool).onApplicationBootstrap();
    expect(drawings).toEqual([WARM_UP_DRAWING, WARM_UP_DRAWING, WARM_UP_DRAWING]);
    finish();
  });
});
