import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { LabelShipment } from '@shipping/contracts';
import type { LabelDrawing } from '../rendering/label-drawing';
import { LabelWorkerPool } from './label-worker-pool';

const SAMPLE_ADDRESS = {
  name: 'Warm Up',
  street_1: '1 Main St',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
  telephone: '5125550100',
};

const SAMPLE: LabelShipment = {
  from_address: SAMPLE_ADDRESS,
  to_address: SAMPLE_ADDRESS,
  weight_unit: 'LBS',
  length_unit: 'IN',
  package_list: [{ count: 1, length: 1, width: 1, height: 1, weight: 1 }],
};

export const WARM_UP_DRAWING: LabelDrawing = {
  tracking_number: '9400000000000000000000',
  service_code: 'USPS-1',
  service_name: 'Warm up',
  shipment: SAMPLE,
};

/**
 * Renders one throwaway label on every worker thread when the app starts, in the background, so
 * the first batch does not pay for loading the worker code and warming pdf-lib (about half a
 * second on this kind of machine). It draws on the pool directly, not through the carrier, so
 * nothing is bought or stored.
 */
@Injectable()
export class LabelWarmUp implements OnApplicationBootstrap {
  private readonly logger = new Logger(LabelWarmUp.name);

  constructor(private readonly pool: LabelWorkerPool) {}

  onApplicationBootstrap(): void {
    const renders = Array.from({ length: this.pool.size }, () => this.pool.render(WARM_UP_DRAWING));
    Promise.all(renders).catch((error: unknown) => this.logger.warn({ err: error }, 'label warm-up failed'));
  }
}
