import { webhookShipmentBody } from './webhook-shipment-body';

const parcel = (service: string) => ({
  shipment_order_id: 70001,
  tracking_number: '9400100000000000000001',
  price_cents: 1234,
  service,
  packages: [{ items: [{ description: 'Mug', quantity: 2 }] }, {}],
  label_url: 'https://labels.example.com/l/abc.pdf',
});

describe('the webhook body of a shipped parcel', () => {
  it('names the carrier and the service of the reference data, one tracking number for every package', () => {
    expect(webhookShipmentBody(parcel('USPS-1'))).toEqual({
      shipment_order_id: 70001,
      main_tracking_number: '9400100000000000000001',
      sub_tracking_numbers: [],
      package_details: [
        { tracking_number: '9400100000000000000001', items: [{ description: 'Mug', quantity: 2 }] },
        { tracking_number: '9400100000000000000001', items: [] },
      ],
      final_price: '12.34',
      carrier: 'usps',
      service: 'USPS Priority Mail',
      label: 'https://labels.example.com/l/abc.pdf',
    });
  });

  it('names the carrier of a service the data no longer holds by its prefix, and the service by its code', () => {
    expect(webhookShipmentBody(parcel('USPS-9'))).toMatchObject({ carrier: 'usps', service: 'USPS-9' });
  });
});
