import type { Packaging } from './usps-mappings';

/**
 * Our codes to USPS's for International Labels 3.0, each mapping in one table. USPS's values come from
 * the International Labels 3.0 OpenAPI document (version 3.2.2): `InternationalPackageDescription`
 * (`mailClass`, `rateIndicator`, `processingCategory`), `ExtraService` and `InternationalCustomsForm`
 * (`customsContentType`).
 */

/**
 * Our international parcel services (libs/reference-data) to the mail classes International Labels
 * sells: USPS-4 "First-Class Mail International" is First-Class Package International Service, the
 * only First-Class product the API labels; USPS-5 is Priority Mail International.
 */
export const INTERNATIONAL_MAIL_CLASS_BY_SERVICE: Readonly<Record<string, string>> = {
  'USPS-4': 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
  'USPS-5': 'PRIORITY_MAIL_INTERNATIONAL',
};

/**
 * Our box types to a rate indicator and processing category, by international mail class. Your own
 * packaging is Single Piece (`SP`), machinable; the flat rate envelopes and boxes are Priority Mail
 * International's (`FE`, `FA`, `FP`, `FS`, `FB`, `PL`, the codes the document lists). A pair missing
 * here is not sold.
 */
export const INTERNATIONAL_PACKAGING: Readonly<Record<string, Readonly<Record<string, Packaging>>>> = {
  your_packaging: {
    'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': { rateIndicator: 'SP', processingCategory: 'MACHINABLE' },
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'SP', processingCategory: 'MACHINABLE' },
  },
  usps_flat_rate_envelope: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'FE', processingCategory: 'FLATS' },
  },
  usps_legal_flat_rate_envelope: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'FA', processingCategory: 'FLATS' },
  },
  usps_padded_flat_rate_envelope: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'FP', processingCategory: 'FLATS' },
  },
  usps_small_flat_rate_box: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'FS', processingCategory: 'MACHINABLE' },
  },
  usps_medium_flat_rate_box: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'FB', processingCategory: 'MACHINABLE' },
  },
  usps_large_flat_rate_box: {
    PRIORITY_MAIL_INTERNATIONAL: { rateIndicator: 'PL', processingCategory: 'MACHINABLE' },
  },
};

/**
 * The interface's customs item `content_type` to `customsContentType`. A form has one contents type,
 * so a package mixing several is refused.
 */
export const CUSTOMS_CONTENT_TYPE: Readonly<Record<string, string>> = {
  Merchandise: 'MERCHANDISE',
  Gift: 'GIFT',
  Documents: 'DOCUMENT',
  Sample: 'COMMERCIAL_SAMPLE',
};

/**
 * A package's `insurance` to its extra service code by declared value (`930` Insurance <= $500, `931`
 * Insurance > $500); `signature` has no international code (the Tracking Plus Signature services are
 * record retention, not a delivery signature) and is refused.
 */
export const INTERNATIONAL_EXTRA_SERVICE_CODE: Readonly<Record<string, number | null>> = {
  insurance_up_to_500: 930,
  insurance_over_500: 931,
  signature: null,
  adult_signature: null,
};

/**
 * `AESITN` is required: the ITN of an export filing or the exemption's legend. Without an ITN the
 * document's sample exemption applies, "NO EEI 30.37(a)": shipments valued at $2,500 or less.
 */
export const NO_EEI_EXEMPTION = 'NO EEI 30.37(a)';
export const NO_EEI_MAX_VALUE = 2500;
