import type { LabelShipment } from '@shipping/contracts';

/** A valid domestic parcel shipment, as the batch app sends it after validation. */
export function labelShipment(overrides: Partial<LabelShipment> = {}): LabelShipment {
  return {
    from_address: {
      name: 'Acme Shipping Dept',
      attention: 'Dock 4',
      street_1: '350 5th Ave',
      street_2: 'Suite 100',
      city: 'New York',
      zip: '10118',
      state: 'NY',
      country: 'US',
      telephone: '2125550100',
      email: 'ship@acme.example',
    },
    to_address: {
      name: 'Jane Receiver',
      street_1: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      zip: '94043',
      state: 'CA',
      country: 'US',
      telephone: '6505550100',
    },
    weight_unit: 'LBS',
    length_unit: 'IN',
    package_list: [
      {
        count: 2,
        length: 10,
        width: 8,
        height: 4,
        weight: 1.25,
        reference_1: 'PO-1234',
        reference_2: 'INV-9',
      },
      { count: 1, length: 12, width: 12, height: 6, weight: 3 },
    ],
    ...overrides,
  };
}

export function withReceiver(
  name: string,
  overrides: Partial<LabelShipment['to_address']> = {},
): LabelShipment {
  const shipment = labelShipment();
  return { ...shipment, to_address: { ...shipment.to_address, name, ...overrides } };
}
