import type { WebhookShipmentBody } from '@shipping/contracts';
import { isBatchServiceCode, PARCEL_SERVICES } from '@shipping/reference-data';

/** A parcel service batches ship with, as the reference data has it. */
const batchService = () => {
  const service = PARCEL_SERVICES.find(({ code }) => isBatchServiceCode(code));
  if (!service) throw new Error('The reference data holds no batch service.');
  return service;
};

export const shipmentBody = (id = 70001): WebhookShipmentBody => ({
  shipment_order_id: id,
  main_tracking_number: '9400100000000000000001',
  sub_tracking_numbers: ['9400100000000000000002'],
  package_details: [
    { tracking_number: '9400100000000000000001', items: [{ description: 'Mug', quantity: 2 }] },
    { tracking_number: '9400100000000000000002', items: [] },
  ],
  final_price: '12.34',
  carrier: batchService().carrier,
  service: batchService().name,
  label: 'https://labels.example.com/l/abc.pdf',
});
