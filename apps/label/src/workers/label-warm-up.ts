import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { LabelShipment } from '@shipping/contracts';
import { CARRIER_PORT, type CarrierPort } from '../carrier/carrier-port';
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

/**
 * Renders one throwaway label on every worker thread when the app starts, in the background, so
 * the first batch does not pay for loading the worker code and warming pdf-lib (about half a
 * second on this kind of machine). Nothing is stored.
 */
@Injectable()
export class LabelWarmUp implements OnApplicationBootstrap {
  private readonly logger = new Logger(LabelWarmUp.name);

  constructor(
    @Inject(CARRIER_PORT) private readonly carrier: CarrierPort,
    private readonly pool: LabelWorkerPool,
  ) {}

  onApplicationBootstrap(): void {
    const renders = Array.from({ length: this.pool.size }, (_, index) =>
      this.carrier.purchase({ item_id: `warm-up-${index}`, service: 'USPS-1', shipment: SAMPLE }),
    );
    Promise.all(renders).catch((error: unknown) => this.logger.warn({ err: error }, 'label warm-up failed'));
  }
}
