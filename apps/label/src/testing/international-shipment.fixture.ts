import type { LabelPackage, LabelShipment } from '@shipping/contracts';
import { labelShipment } from './label-shipment.fixture';

/** A validated shipment from New York to Paris, its package of `count` pieces with its customs items. */
export function internationalShipment(
  pkg: Partial<LabelPackage> = {},
  overrides: Partial<LabelShipment> = {},
): LabelShipment {
  const domestic = labelShipment();
  return {
    ...domestic,
    to_address: {
      name: 'Charlotte Martin',
      street_1: '118 Avenue de France',
      city: 'Paris',
      zip: '75013',
      state: null,
      country: 'FR',
      telephone: '+33153235555',
    },
    package_list: [
      {
        count: 1,
        length: 10,
        width: 8,
        height: 4,
        weight: 2,
        reference_1: 'PO-1234',
        items: [
          {
            quantity: 2,
            price: 12.5,
            country_of_manufacture: 'US',
            sku: 'TEE-1',
            hs_code: '6109.10.0012',
            description: 'Cotton t-shirt',
            content_type: 'Merchandise',
          },
          {
            quantity: 1,
            price: 20,
            country_of_manufacture: 'PT',
            sku: 'MUG-1',
            hs_code: '691200',
            description: 'Ceramic mug',
            content_type: 'Merchandise',
          },
        ],
        ...pkg,
      },
    ],
    customs_details: { aes_itn: null },
    ...overrides,
  };
}
