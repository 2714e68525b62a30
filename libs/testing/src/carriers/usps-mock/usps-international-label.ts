/**
 * What the mock answers an international label with, in the International Labels 3.0 OpenAPI
 * document's shapes (version 3.2.2): `InternationalLabelMetadata`, as its example
 * `InternationalLabelResponseExample`, and an S10 tracking number (`EZ000012162US` there).
 */
export interface InternationalLabelBody {
  toAddress: {
    firstName?: string;
    lastName?: string;
    firm?: string;
    postalCode?: string;
    countryISOAlpha2Code: string;
  };
  packageDescription: { mailClass: string; weight: number; extraServices?: number[] };
}

/** The S10 service indicator by mail class: `LZ` First-Class Package International, `CP` Priority Mail International parcels, `EZ` Express. */
const SERVICE_INDICATOR: Record<string, string> = {
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': 'LZ',
  PRIORITY_MAIL_INTERNATIONAL: 'CP',
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'EZ',
};

/** UPU S10: two letters, an 8-digit serial, its check digit (weights 8 6 4 2 3 5 9 7, mod 11) and `US`. */
export function s10TrackingNumber(mailClass: string, serial: number): string {
  const digits = String(serial % 100_000_000).padStart(8, '0');
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  const check = 11 - (sum % 11);
  const checkDigit = check === 10 ? 0 : check === 11 ? 5 : check;
  return `${SERVICE_INDICATOR[mailClass] ?? 'CP'}${digits}${checkDigit}US`;
}

export function internationalLabelMetadata(
  body: InternationalLabelBody,
  trackingNumber: string,
): Record<string, unknown> {
  const pkg = body.packageDescription;
  return {
    labelAddress: body.toAddress,
    internationalTrackingNumber: trackingNumber,
    constructCode: 'I01',
    postage: 45.5,
    extraServices: (pkg.extraServices ?? []).map((code) => ({
      serviceID: String(code),
      serviceName: `Extra service ${code}`,
      price: 0,
    })),
    internationalPriceGroup: '12',
    weightUOM: 'lb',
    weight: pkg.weight,
    dimensionalWeight: '0.0',
    fees: [],
    SKU: 'IPXX0XXXXB12230',
  };
}
