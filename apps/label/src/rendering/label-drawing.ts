import type { LabelShipment } from '@shipping/contracts';

/** Everything printed on one label; crosses to a worker thread, so plain data only. */
export interface LabelDrawing {
  tracking_number: string;
  service_code: string;
  /** The readable service name from the reference data. */
  service_name: string;
  shipment: LabelShipment;
}

/** 4 x 6 in, in PDF points. */
export const LABEL_WIDTH = 288;
export const LABEL_HEIGHT = 432;
