import type { WebhookShipmentBody } from '@shipping/contracts';

export const shipmentBody = (id = 70001): WebhookShipmentBody => ({
  shipment_order_id: id,
  main_tracking_number: '9400100000000000000001',
  sub_tracking_numbers: ['9400100000000000000002'],
  package_details: [
    { tracking_number: '9400100000000000000001', items: [{ description: 'Mug', quantity: 2 }] },
    { tracking_number: '9400100000000000000002', items: [] },
  ],
  final_price: '12.34',
  carrier: 'usps',
  service: 'USPS Priority Mail',
  label: 'https://labels.example.com/l/abc.pdf',
});
