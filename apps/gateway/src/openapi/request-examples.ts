/**
 * A whole request body for every operation that takes one, by operationId: the bodies of the
 * reference's examples (docs/api-conventions.md#examples), in the sandbox's terms. The document
 * spec validates each against the operation's request class.
 */
const receiver = {
  name: 'Jane Receiver',
  street_1: '500 Congress Ave',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
  telephone: '5125550100',
};

const parcel = { count: 1, length: 10, width: 8, height: 4, weight: 1.5, reference_1: 'PO-1001' };

const batchShipment = {
  from_address_id: 1,
  to_address: { ...receiver, email: 'jane@example.com' },
  weight_unit: 'LBS',
  length_unit: 'IN',
  package_list: [parcel],
};

export const REQUEST_EXAMPLES: Record<string, unknown> = {
  createAddress: {
    name: 'Back office',
    street_1: '5 Main St',
    city: 'Austin',
    zip: '73301',
    state: 'TX',
    country: 'US',
    telephone: '5125550100',
    is_residential: false,
  },
  createFreightOrder: {
    pickup_date: '2026-12-01',
    vehicle_type: 'reefer',
    reefer_details: { instruction: 'continuous', min_temperature: 2, max_temperature: 8 },
    from_opening_time: '08:00',
    from_closing_time: '17:00',
    from_address_id: 1,
    to_opening_time: '09:00',
    to_closing_time: '18:00',
    to_address: {
      name: 'Jane Receiver',
      street_1: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      zip: '94043',
      state: 'CA',
      country: 'US',
      telephone: '6505550100',
      lift_gate: true,
    },
    items: [
      {
        count: 2,
        length: 48,
        width: 40,
        height: 50,
        weight: 700,
        description: 'Chilled produce',
        freight_class: '70',
      },
    ],
  },
  createParcelOrder: {
    from_address_id: 1,
    return_address_id: 2,
    to_address: {
      name: 'Max Mustermann',
      street_1: 'Unter den Linden 1',
      city: 'Berlin',
      zip: '10117',
      country: 'DE',
      telephone: '+49 30 1234567',
    },
    weight_unit: 'KG',
    length_unit: 'CM',
    package_list: [
      {
        count: 1,
        length: 30,
        width: 20,
        height: 10,
        weight: 1.2,
        signature: 'adult_signature',
        items: [
          {
            quantity: 2,
            price: 19.99,
            country_of_manufacture: 'US',
            sku: 'TS-1',
            hs_code: '6109.10',
            description: 'Cotton t-shirts',
            content_type: 'Merchandise',
          },
        ],
      },
    ],
    customs_details: { bill_type: 'DDU' },
  },
  instantShip: {
    service: 'USPS-1',
    shipper_id: 1,
    from_address_id: 1,
    to_address: { ...receiver, email: 'jane@example.com' },
    package_list: [{ count: 1, length: 10, width: 8, height: 4, weight: 1.5 }],
  },
  createPickupOrder: {
    from_address_id: 1,
    carrier: 'fedex',
    pickup_date: '12/01/2026',
    ready_time: '09:00',
    close_time: '17:30',
    pieces: [
      {
        service: 'PICKUP-FEDEX-1',
        is_gfp: false,
        container_type: 'package',
        quantity: 3,
        weight: 1.1,
        destination_country_code: 'US',
      },
      { is_gfp: true, container_type: 'package', quantity: 1, weight: 150, destination_country_code: 'CA' },
    ],
  },
  getPickupRates: {
    from_address: {
      name: 'Dock 7',
      street_1: '500 Congress Ave',
      city: 'Austin',
      zip: '73301',
      state: 'TX',
      country: 'US',
      telephone: '5125550199',
      email: 'dock7@acme.example',
      is_residential: true,
    },
    carrier: 'ups',
    pickup_date: '2026-12-01',
    ready_time: '09:00',
    close_time: '17:00',
    pieces: [{ quantity: 3, weight: 1.1 }],
  },
  createBatch: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment] },
  createWebhook: {
    url: 'https://example.com/hooks/shipping',
    events: ['shipment.shipped', 'batch.completed'],
  },
  updateWebhook: { events: ['shipment.shipped', 'batch.validated', 'batch.item_failed', 'batch.completed'] },
  createAccount: { name: 'Globex', weight_unit: 'KG', length_unit: 'CM' },
  createApiKey: { mode: 'test' },
  createShipper: {
    carrier: 'usps',
    own_integration: true,
    name: 'USPS (own account)',
    credentials: {
      client_id: 'usps-client-id',
      client_secret: 'usps-client-secret',
      crid: '12345678',
      mid: '901234567',
      manifest_mid: '901234568',
      payment_account_type: 'EPS',
      payment_account_number: '1000123456',
    },
  },
  replaceShipperCredentials: {
    credentials: {
      client_id: 'usps-client-id',
      client_secret: 'usps-client-secret-2',
      crid: '12345678',
      mid: '901234567',
      manifest_mid: '901234568',
      payment_account_type: 'PERMIT',
      payment_account_number: '1000123456',
      permit_zip: '73301',
    },
  },
  addAccountCredit: { amount: '250.00', reference: 'INV-2026-0042' },
};
