import { findParcelService } from '@shipping/reference-data';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import type { CarrierLabel, CarrierLabelRequest, CarrierPort } from './carrier-port';
import { sandboxTrackingNumber } from './sandbox-tracking-number';

/** The sandbox rule that makes a failed item reproducible: this ZIP is never served. */
export const UNSERVED_ZIP = '00000';
export const UNSERVED_ZIP_REASON = 'Sandbox carrier: ZIP 00000 is not served.';

/**
 * A carrier that buys nothing: tracking numbers come from the item id and the label is drawn
 * here, on the label worker pool. Refuses a to_address ZIP of 00000 and unknown services.
 */
export class SandboxCarrier implements CarrierPort {
  constructor(private readonly workers: LabelWorkerPool) {}

  async purchase({ item_id, service, shipment }: CarrierLabelRequest): Promise<CarrierLabel> {
    if (shipment.to_address.zip.trim() === UNSERVED_ZIP) return { ok: false, reason: UNSERVED_ZIP_REASON };
    const known = findParcelService(service);
    if (!known) return { ok: false, reason: `Sandbox carrier: service ${service} is not offered.` };
    const tracking_number = sandboxTrackingNumber(item_id);
    const { pdf } = await this.workers.render({ tracking_number, service_code: known.code, service_name: known.name, shipment });
    return { ok: true, tracking_number, label_pdf: pdf };
  }
}
