import { shipmentPriceCents } from '@shipping/batch-domain';
import { findParcelService } from '@shipping/reference-data';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import type {
  CarrierLabel,
  CarrierLabelRequest,
  CarrierPort,
  CarrierQuote,
  CarrierQuoteRequest,
  Refusable,
} from './carrier-port';
import { type SandboxSale, SandboxCarrierSales } from './sandbox-carrier-sales';
import { sandboxTrackingNumber } from './sandbox-tracking-number';

/** The sandbox rule that makes a failed item reproducible: this ZIP is never served. */
export const UNSERVED_ZIP = '00000';
export const UNSERVED_ZIP_REASON = 'Sandbox carrier: ZIP 00000 is not served.';

/** The sandbox's bad address: shipped anyway unless the shipment asks not to ignore bad addresses. */
export const BAD_ADDRESS_ZIP = '99999';
export const BAD_ADDRESS_REASON = 'Sandbox carrier: the to_address is flagged as a bad address (ZIP 99999).';

/**
 * A carrier that charges nobody: tracking numbers come from the item id and the label is drawn
 * here, on the label worker pool. Refuses a to_address ZIP of 00000 and unknown services, and a
 * ZIP of 99999 (a bad address) when the shipment does not ignore bad addresses. Like a real
 * carrier it honours the idempotency key: each sale is kept by its key (SandboxCarrierSales),
 * and a repeat of a key answers the label sold under it, drawn again, without selling another.
 */
export class SandboxCarrier implements CarrierPort {
  /** Its books answer a repeated key with the label sold under it. */
  readonly idempotencyKeys = 'honoured';

  constructor(
    private readonly workers: LabelWorkerPool,
    readonly sales: SandboxCarrierSales,
  ) {}

  async purchase({
    idempotency_key,
    item_id,
    service,
    shipment,
  }: CarrierLabelRequest): Promise<CarrierLabel> {
    const zip = shipment.to_address.zip.trim();
    if (zip === UNSERVED_ZIP) return { ok: false, reason: UNSERVED_ZIP_REASON };
    if (zip === BAD_ADDRESS_ZIP && shipment.ignore_bad_address === false)
      return { ok: false, reason: BAD_ADDRESS_REASON };
    if (!findParcelService(service))
      return { ok: false, reason: `Sandbox carrier: service ${service} is not offered.` };
    const sale = await this.sales.sell({
      idempotency_key,
      item_id,
      service,
      shipment,
      tracking_number: sandboxTrackingNumber(item_id),
    });
    return { ok: true, tracking_number: sale.tracking_number, label_pdf: await this.draw(sale) };
  }

  /** The price of the reference data's rate card, as the service's own price. */
  async quote({ service, shipment }: CarrierQuoteRequest): Promise<CarrierQuote> {
    if (!findParcelService(service))
      return { ok: false, reason: `Sandbox carrier: service ${service} is not offered.` };
    const price_cents = shipmentPriceCents(service, shipment);
    return price_cents === undefined
      ? { ok: false, reason: `Sandbox carrier: no rate of ${service} for this shipment.` }
      : { ok: true, price_cents };
  }

  /** Voids a label it sold; voiding it again answers the same. */
  async cancel(trackingNumber: string): Promise<Refusable> {
    return (await this.sales.sold(trackingNumber))
      ? { ok: true }
      : { ok: false, reason: `Sandbox carrier: no label ${trackingNumber} was sold.` };
  }

  private async draw({ service, shipment, tracking_number }: SandboxSale): Promise<Uint8Array> {
    const known = findParcelService(service);
    if (!known) throw new Error(`The sandbox sold a label for service ${service}, which it does not offer.`);
    const { pdf } = await this.workers.render({
      tracking_number,
      service_code: known.code,
      service_name: known.name,
      shipment,
    });
    return pdf;
  }
}
