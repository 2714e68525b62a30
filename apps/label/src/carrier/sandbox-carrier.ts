import { findParcelService } from '@shipping/reference-data';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import type { CarrierLabel, CarrierLabelRequest, CarrierPort } from './carrier-port';
import { sandboxTrackingNumber } from './sandbox-tracking-number';

/** The sandbox rule that makes a failed item reproducible: this ZIP is never served. */
export const UNSERVED_ZIP = '00000';
export const UNSERVED_ZIP_REASON = 'Sandbox carrier: ZIP 00000 is not served.';

/** The sandbox's bad address: shipped anyway unless the shipment asks not to ignore bad addresses. */
export const BAD_ADDRESS_ZIP = '99999';
export const BAD_ADDRESS_REASON = 'Sandbox carrier: the to_address is flagged as a bad address (ZIP 99999).';

/**
 * A carrier that buys nothing: tracking numbers come from the item id and the label is drawn
 * here, on the label worker pool. Refuses a to_address ZIP of 00000 and unknown services, and a
 * ZIP of 99999 (a bad address) when the shipment does not ignore bad addresses.
 */
export class SandboxCarrier implements CarrierPort {
  constructor(private readonly workers: LabelWorkerPool) {}

  async purchase({ item_id, service, shipment }: CarrierLabelRequest): Promise<CarrierLabel> {
    const zip = shipment.to_address.zip.trim();
    if (zip === UNSERVED_ZIP) return { ok: false, reason: UNSERVED_ZIP_REASON };
    if (zip === BAD_ADDRESS_ZIP && shipment.ignore_bad_address === false)
      return { ok: false, reason: BAD_ADDRESS_REASON };
    const known = findParcelService(service);
    if (!known) return { ok: false, reason: `Sandbox carrier: service ${service} is not offered.` };
    const tracking_number = sandboxTrackingNumber(item_id);
    const { pdf } = await this.workers.render({
      tracking_number,
      service_code: known.code,
      service_name: known.name,
      shipment,
    });
    return { ok: true, tracking_number, label_pdf: pdf };
  }
}
