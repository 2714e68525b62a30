/**
 * Our codes to USPS's, each mapping in one table. USPS's values come from the Labels 3.0 OpenAPI document:
 * `mailClass`, `rateIndicator` ("Rate indicator list"), `processingCategory` and `ExtraService` ("Extra
 * Service Code list"); the Carrier Pickup 3.0 document for `packageType`.
 */

/** Our parcel services (libs/reference-data) to USPS mail classes; the international ones are not Domestic Labels'. */
export const MAIL_CLASS_BY_SERVICE: Readonly<Record<string, string>> = {
  'USPS-1': 'PRIORITY_MAIL',
  'USPS-2': 'PRIORITY_MAIL_EXPRESS',
  'USPS-3': 'USPS_GROUND_ADVANTAGE',
};

/** Carrier Pickup 3.0 `packageType` of a mail class. */
export const PICKUP_PACKAGE_TYPE_BY_MAIL_CLASS: Readonly<Record<string, string>> = {
  PRIORITY_MAIL: 'PRIORITY_MAIL',
  PRIORITY_MAIL_EXPRESS: 'PRIORITY_MAIL_EXPRESS',
  USPS_GROUND_ADVANTAGE: 'USPS_GROUND_ADVANTAGE',
};

export interface Packaging {
  rateIndicator: string;
  processingCategory: string;
}

/**
 * Our box types to a rate indicator and processing category, by mail class. Your own packaging is Single
 * Piece (`SP`, as in `domesticlabel-v3-request.json`), machinable. USPS's flat rate packaging is Priority
 * Mail's: FE Flat Rate Envelope, FA Legal Flat Rate Envelope, FP Padded Flat Rate Envelope, FS Small Flat
 * Rate Box, FB Medium Flat Rate Box, PL Large Flat Rate Box. A pair missing here is not sold.
 */
export const PACKAGING: Readonly<Record<string, Readonly<Record<string, Packaging>>>> = {
  your_packaging: {
    PRIORITY_MAIL: { rateIndicator: 'SP', processingCategory: 'MACHINABLE' },
    PRIORITY_MAIL_EXPRESS: { rateIndicator: 'SP', processingCategory: 'MACHINABLE' },
    USPS_GROUND_ADVANTAGE: { rateIndicator: 'SP', processingCategory: 'MACHINABLE' },
  },
  usps_flat_rate_envelope: { PRIORITY_MAIL: { rateIndicator: 'FE', processingCategory: 'MACHINABLE' } },
  usps_legal_flat_rate_envelope: { PRIORITY_MAIL: { rateIndicator: 'FA', processingCategory: 'MACHINABLE' } },
  usps_padded_flat_rate_envelope: {
    PRIORITY_MAIL: { rateIndicator: 'FP', processingCategory: 'MACHINABLE' },
  },
  usps_small_flat_rate_box: { PRIORITY_MAIL: { rateIndicator: 'FS', processingCategory: 'MACHINABLE' } },
  usps_medium_flat_rate_box: { PRIORITY_MAIL: { rateIndicator: 'FB', processingCategory: 'MACHINABLE' } },
  usps_large_flat_rate_box: { PRIORITY_MAIL: { rateIndicator: 'PL', processingCategory: 'MACHINABLE' } },
};

/**
 * Extra services to their codes: a package's `signature` (921 Signature Confirmation, 922 Adult Signature
 * Required) and the interface's `extra_services` flags (910 Certified Mail, 911 Certified Mail Restricted
 * Delivery, 955 Return Receipt, 957 Return Receipt Electronic). `null`: USPS Labels has no such code
 * (Saturday delivery; restricted delivery other than with certified mail).
 */
export const EXTRA_SERVICE_CODE: Readonly<Record<string, number | null>> = {
  signature: 921,
  adult_signature: 922,
  certified_mail: 910,
  certified_mail_restricted_delivery: 911,
  return_receipt: 955,
  return_receipt_electronic: 957,
  saturday_delivery: null,
  restricted_delivery: null,
};

export const DEFAULT_BOX_TYPE = 'your_packaging';
export const NO_SIGNATURE = 'no_signature';

/**
 * Our pickup services to a Carrier Pickup 3.0 `packageType`. A pickup order names no mail class,
 * so USPS Package Pickup is `OTHER`; USPS Pickup on Demand is a paid service Carrier Pickup does
 * not schedule.
 */
export const PICKUP_PACKAGE_TYPE_BY_PICKUP_SERVICE: Readonly<Record<string, string>> = {
  'PICKUP-USPS-1': 'OTHER',
};

/** The `packageType` of a pickup service, or of a parcel service by its mail class. */
export function pickupPackageTypeOf(service: string): string | undefined {
  return (
    PICKUP_PACKAGE_TYPE_BY_PICKUP_SERVICE[service] ??
    PICKUP_PACKAGE_TYPE_BY_MAIL_CLASS[MAIL_CLASS_BY_SERVICE[service] ?? '']
  );
}
