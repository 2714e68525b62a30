/**
 * An international label request in the shape of USPS/api-examples' "3.0 International Label"
 * (Example-Postman collection, `POST /international-labels/v3/international-label`), with values of
 * our own and the fields the International Labels 3.0 document prefers (item totals).
 */
export function exampleInternationalLabelRequest(): Record<string, unknown> {
  return {
    imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
    toAddress: {
      firstName: 'Charlotte',
      lastName: 'Martin',
      phone: '33153235555',
      streetAddress: '118 Avenue de France',
      city: 'Paris',
      postalCode: '75013',
      country: 'France',
      countryISOAlpha2Code: 'FR',
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
      mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
      rateIndicator: 'SP',
      weightUOM: 'lb',
      weight: 2,
      dimensionsUOM: 'in',
      length: 10,
      width: 8,
      height: 4,
      processingCategory: 'MACHINABLE',
      destinationEntryFacilityType: 'NONE',
      mailingDate: '2026-11-28',
      extraServices: [],
      packageOptions: { packageValue: 35, nonDeliveryOption: 'RETURN' },
    },
    customsForm: {
      customsContentType: 'MERCHANDISE',
      AESITN: 'NO EEI 30.37(a)',
      contents: [
        {
          itemDescription: 'Cotton t-shirt',
          itemQuantity: 2,
          itemTotalValue: 35,
          weightUOM: 'lb',
          itemTotalWeight: 1.5,
          HSTariffNumber: '610910',
          countryofOrigin: 'US',
        },
      ],
    },
  };
}
