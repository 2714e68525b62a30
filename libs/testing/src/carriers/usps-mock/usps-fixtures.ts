/**
 * Requests in the shapes of USPS's published examples, with values of our own: the label request as
 * `domesticlabel-v3-request.json` (USPS/api-examples), the payment authorization as the README's "Set the
 * payment account for Domestic Label", the pickup as the README's "Carrier Pickup - Create".
 */
export function exampleLabelRequest(): Record<string, unknown> {
  return {
    imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', receiptOption: 'NONE', suppressPostage: false },
    toAddress: {
      firstName: 'Jane',
      lastName: 'Receiver',
      streetAddress: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      state: 'CA',
      ZIPCode: '94043',
    },
    fromAddress: {
      firm: 'Acme',
      streetAddress: '350 5th Ave',
      secondaryAddress: 'Suite 100',
      city: 'New York',
      state: 'NY',
      ZIPCode: '10118',
    },
    packageDescription: {
      mailClass: 'PRIORITY_MAIL',
      rateIndicator: 'SP',
      weightUOM: 'lb',
      weight: 1.5,
      dimensionsUOM: 'in',
      length: 10,
      width: 8,
      height: 4,
      processingCategory: 'MACHINABLE',
      mailingDate: '2026-11-28',
      extraServices: [920],
      destinationEntryFacilityType: 'NONE',
    },
  };
}

export function examplePaymentAuthorization(): { roles: Record<string, string>[] } {
  const account = {
    CRID: '56982563',
    MID: '904128936',
    manifestMID: '904128937',
    accountType: 'EPS',
    accountNumber: '1000405525',
  };
  return {
    roles: [
      { roleName: 'PAYER', ...account },
      { roleName: 'LABEL_OWNER', ...account },
    ],
  };
}

export function examplePickupRequest(): Record<string, unknown> {
  return {
    pickupDate: '2026-11-30',
    pickupAddress: {
      firstName: 'John',
      lastName: 'Smith',
      firm: 'Acme',
      address: { streetAddress: '350 5th Ave', city: 'New York', state: 'NY', ZIPCode: '10118' },
      contact: [{ email: 'ship@acme.example' }],
    },
    packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 2 }],
    estimatedWeight: 5,
    pickupLocation: { packageLocation: 'OFFICE', specialInstructions: 'Dock 4' },
  };
}
