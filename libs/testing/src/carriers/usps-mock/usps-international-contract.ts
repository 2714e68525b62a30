import { checkAddress, DATE, Findings, isObject, PHONE } from './usps-contract';
import type { UspsErrorDetail } from './usps-errors';

/**
 * What the International Labels 3.0 OpenAPI document (version 3.2.2, `post-international-label`)
 * requires of a label request, each rule naming its schema in `components.schemas`.
 */

/** `InternationalLabelRequest`: its properties, `additionalProperties: false`. */
const REQUEST_FIELDS = [
  'imageInfo',
  'toAddress',
  'fromAddress',
  'senderAddress',
  'packageDescription',
  'customsForm',
];

/** `InternationalPackageDescription.mailClass`. */
export const INTERNATIONAL_MAIL_CLASSES = [
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
];
/** `InternationalPackageDescription.rateIndicator`, `.packagingType`, `.processingCategory`, `.destinationEntryFacilityType`. */
export const INTERNATIONAL_RATE_INDICATORS = ['E4', 'E6', 'FA', 'FB', 'FE', 'FP', 'FS', 'PA', 'PL', 'SP'];
const PACKAGING_TYPES = [
  ...['FLAT_RATE_ENVELOPE', 'LEGAL_FLAT_RATE_ENVELOPE', 'PADDED_FLAT_RATE_ENVELOPE'],
  ...['SM_FLAT_RATE_BOX', 'MD_FLAT_RATE_BOX', 'LG_FLAT_RATE_BOX', 'VARIABLE'],
];
export const INTERNATIONAL_PROCESSING_CATEGORIES = [
  'LETTERS',
  'FLATS',
  'MACHINABLE',
  'NON_MACHINABLE',
  'NONSTANDARD',
];
const DESTINATION_ENTRY_FACILITY_TYPES = ['NONE', 'INTERNATIONAL_SERVICE_CENTER'];
/** `ExtraService` (International Extra Service Codes): at most 3, one Tracking Plus and one insurance. */
export const INTERNATIONAL_EXTRA_SERVICE_CODES = [
  480, 481, 482, 483, 484, 486, 487, 488, 813, 820, 826, 857, 930, 931, 955,
];
const TRACKING_PLUS = [480, 481, 482, 483, 484, 486, 487, 488];
const INSURANCE = [930, 931];
/** `ImageInfo` (International Image Info): `imageType`, `labelType`, and its properties. */
const IMAGE_TYPES = ['LABEL_BROKER', 'PDF', 'TIFF', 'ZPL203DPI', 'ZPL300DPI', 'NONE'];
const IMAGE_INFO_FIELDS = [
  'imageType',
  'labelType',
  'holdForManifest',
  'suppressPostage',
  'includeLabelBrokerPDF',
  'addZPLComments',
];
/** `PackageOptions.nonDeliveryOption`. */
const NON_DELIVERY_OPTIONS = ['RETURN', 'REDIRECT', 'ABANDON'];
/** `InternationalCustomsForm.customsContentType`. */
export const CUSTOMS_CONTENT_TYPES = [
  ...['MERCHANDISE', 'GIFT', 'DOCUMENT', 'COMMERCIAL_SAMPLE', 'RETURNED_GOODS', 'OTHER'],
  ...['HUMANITARIAN_DONATIONS', 'DANGEROUS_GOODS', 'CREMATED_REMAINS', 'NON_NEGOTIABLE_DOCUMENT'],
  ...['MEDICAL_SUPPLIES', 'PHARMACEUTICALS'],
];
/** `ShippingContents.itemDescription`: "the following descriptions, regardless of case sensitivity, are not considered valid". */
const INVALID_DESCRIPTIONS = ['none', 'not applicable', 'n/a', 'null', 'gift', 'merchandise'];
/** `ShippingContents.HSTariffNumber`'s pattern, as its description gives it. */
const HS_TARIFF = /^\.*(?:[A-Za-z\d]\.*){6,14}$/;
const COUNTRY = /^[A-Z]{2}$/;

export function internationalLabelRequestFindings(body: unknown): UspsErrorDetail[] {
  const findings = new Findings();
  if (!isObject(body)) {
    findings.add('body', 'The request body must be a JSON object');
    return findings.details;
  }
  for (const field of Object.keys(body))
    if (!REQUEST_FIELDS.includes(field))
      findings.add(field, `${field} is not a property of an international label request`);
  findings.required(body, '', ['toAddress', 'fromAddress', 'packageDescription', 'customsForm']);
  if (body.imageInfo !== undefined) checkImageInfo(findings, body.imageInfo);
  if (body.fromAddress !== undefined) {
    // DomesticLabelAddress: required streetAddress, city, state, ZIPCode.
    checkAddress(findings, body.fromAddress, 'fromAddress', true);
    checkAddressee(findings, body.fromAddress, 'fromAddress');
  }
  if (body.toAddress !== undefined) checkToAddress(findings, body.toAddress);
  if (body.packageDescription !== undefined) checkPackage(findings, body.packageDescription);
  if (body.customsForm !== undefined) checkCustomsForm(findings, body.customsForm, body.packageDescription);
  return findings.details;
}

function checkImageInfo(findings: Findings, info: unknown): void {
  if (!isObject(info)) return findings.add('imageInfo', 'imageInfo must be an object');
  for (const field of Object.keys(info))
    if (!IMAGE_INFO_FIELDS.includes(field))
      findings.add(`imageInfo.${field}`, `imageInfo.${field} is not a property of imageInfo`);
  findings.oneOf(info, 'imageInfo.', 'imageType', IMAGE_TYPES);
  findings.oneOf(info, 'imageInfo.', 'labelType', ['4X6LABEL']);
}

/** `Addressee` in a label address: "The First and Last Name or Firm Name are always required." */
function checkAddressee(findings: Findings, address: unknown, path: string): void {
  if (!isObject(address)) return;
  if (!(address.firstName && address.lastName) && !address.firm)
    findings.add(`${path}.firstName`, `${path} requires firstName and lastName, or firm`);
}

/** `InternationalLabelAddress`: required city, country, countryISOAlpha2Code, streetAddress; lengths; `Phone`. */
function checkToAddress(findings: Findings, address: unknown): void {
  if (!isObject(address)) return findings.add('toAddress', 'toAddress must be an object');
  findings.required(address, 'toAddress.', ['streetAddress', 'city', 'country', 'countryISOAlpha2Code']);
  findings.pattern(address, 'toAddress.', 'countryISOAlpha2Code', /^([a-zA-Z]){2}$/);
  findings.pattern(address, 'toAddress.', 'phone', PHONE);
  checkAddressee(findings, address, 'toAddress');
  const limits: [string, number][] = [
    ['streetAddress', 50],
    ['secondaryAddress', 50],
    ['city', 28],
    ['postalCode', 11],
    ['province', 40],
  ];
  for (const [field, max] of limits)
    if (typeof address[field] === 'string' && (address[field] as string).length > max)
      findings.add(`toAddress.${field}`, `toAddress.${field} is longer than ${max} characters`);
}

/** `InternationalPackageDescription` and `PackageDescription`. */
function checkPackage(findings: Findings, pkg: unknown): void {
  if (!isObject(pkg)) return findings.add('packageDescription', 'packageDescription must be an object');
  const path = 'packageDescription.';
  findings.required(pkg, path, [
    ...['mailClass', 'processingCategory', 'destinationEntryFacilityType', 'mailingDate'],
    ...['weight', 'length', 'width', 'height'],
  ]);
  // "A rate indicator value will be required if a value for packagingType is not provided."
  if (pkg.rateIndicator === undefined && pkg.packagingType === undefined)
    findings.add(`${path}rateIndicator`, 'rateIndicator is required when packagingType is not given');
  findings.oneOf(pkg, path, 'mailClass', INTERNATIONAL_MAIL_CLASSES);
  findings.oneOf(pkg, path, 'rateIndicator', INTERNATIONAL_RATE_INDICATORS);
  findings.oneOf(pkg, path, 'packagingType', PACKAGING_TYPES);
  findings.oneOf(pkg, path, 'processingCategory', INTERNATIONAL_PROCESSING_CATEGORIES);
  findings.oneOf(pkg, path, 'destinationEntryFacilityType', DESTINATION_ENTRY_FACILITY_TYPES);
  findings.oneOf(pkg, path, 'weightUOM', ['lb']);
  findings.oneOf(pkg, path, 'dimensionsUOM', ['in']);
  for (const field of ['weight', 'length', 'width', 'height']) findings.positive(pkg, path, field);
  findings.pattern(pkg, path, 'mailingDate', DATE);
  if (pkg.extraServices !== undefined) checkExtraServices(findings, pkg.extraServices);
  if (pkg.customerReference !== undefined) {
    const references = pkg.customerReference;
    if (!Array.isArray(references) || references.length > 2)
      findings.add(`${path}customerReference`, 'customerReference must be an array of at most 2');
    else
      for (const reference of references as unknown[])
        if (
          !isObject(reference) ||
          typeof reference.referenceNumber !== 'string' ||
          reference.referenceNumber.length < 1 ||
          reference.referenceNumber.length > 30
        )
          findings.add(`${path}customerReference`, 'referenceNumber must be 1 to 30 characters');
  }
  if (pkg.packageOptions !== undefined) {
    if (!isObject(pkg.packageOptions))
      findings.add(`${path}packageOptions`, 'packageOptions must be an object');
    else {
      findings.oneOf(pkg.packageOptions, `${path}packageOptions.`, 'nonDeliveryOption', NON_DELIVERY_OPTIONS);
      const value = pkg.packageOptions.packageValue;
      if (value !== undefined && !(typeof value === 'number' && value >= 0))
        findings.add(`${path}packageOptions.packageValue`, 'packageValue must be a number of at least 0');
    }
  }
}

function checkExtraServices(findings: Findings, services: unknown): void {
  const path = 'packageDescription.extraServices';
  if (!Array.isArray(services) || services.length > 3)
    return findings.add(path, `${path} must be an array of at most 3 codes`);
  for (const code of services)
    if (!INTERNATIONAL_EXTRA_SERVICE_CODES.includes(code as number))
      findings.add(path, `${code} is not an international extra service code`);
  // "Only one USPS Tracking Plus extra service and one Insurance extra service may be selected per package."
  if (services.filter((code) => TRACKING_PLUS.includes(code as number)).length > 1)
    findings.add(path, 'Only one Tracking Plus extra service may be selected');
  if (services.filter((code) => INSURANCE.includes(code as number)).length > 1)
    findings.add(path, 'Only one Insurance extra service may be selected');
}

/** `InternationalCustomsForm`, `CustomsForm` and `InternationalShippingContents`/`ShippingContents`. */
function checkCustomsForm(findings: Findings, form: unknown, pkg: unknown): void {
  if (!isObject(form)) return findings.add('customsForm', 'customsForm must be an object');
  const path = 'customsForm.';
  findings.required(form, path, ['customsContentType', 'AESITN', 'contents']);
  findings.oneOf(form, path, 'customsContentType', CUSTOMS_CONTENT_TYPES);
  if (typeof form.AESITN === 'string' && form.AESITN.length > 35)
    findings.add(`${path}AESITN`, 'AESITN is longer than 35 characters');
  if (form.customsContentType === 'OTHER' && !form.contentComments)
    findings.add(`${path}contentComments`, 'contentComments is required when customsContentType is OTHER');
  if (
    form.customsContentType === 'CREMATED_REMAINS' &&
    isObject(pkg) &&
    pkg.mailClass !== 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL'
  )
    findings.add(
      `${path}customsContentType`,
      'CREMATED_REMAINS is only supported by PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
    );
  const contents = form.contents;
  if (contents === undefined) return;
  if (!Array.isArray(contents) || contents.length < 1 || contents.length > 30)
    return findings.add(`${path}contents`, 'contents must hold 1 to 30 items');
  contents.forEach((item: unknown, index) => checkContent(findings, item, `${path}contents[${index}].`));
}

function checkContent(findings: Findings, item: unknown, path: string): void {
  if (!isObject(item)) return findings.add(path.slice(0, -1), 'a contents item must be an object');
  findings.required(item, path, ['itemDescription', 'itemQuantity', 'countryofOrigin']);
  const description = item.itemDescription;
  if (typeof description === 'string') {
    if (description.length > 30)
      findings.add(`${path}itemDescription`, 'itemDescription is longer than 30 characters');
    if (INVALID_DESCRIPTIONS.includes(description.trim().toLowerCase()))
      findings.add(`${path}itemDescription`, `${description} is not a valid itemDescription`);
  }
  const quantity = item.itemQuantity;
  if (
    quantity !== undefined &&
    !(Number.isInteger(quantity) && (quantity as number) >= 1 && (quantity as number) <= 9999)
  )
    findings.add(`${path}itemQuantity`, 'itemQuantity must be an integer from 1 to 9999');
  // "One of either itemValue and itemWeight or itemTotalValue and itemTotalWeight are required."
  const unit = item.itemValue !== undefined && item.itemWeight !== undefined;
  const total = item.itemTotalValue !== undefined && item.itemTotalWeight !== undefined;
  if (!unit && !total)
    findings.add(
      `${path}itemTotalValue`,
      'itemValue and itemWeight, or itemTotalValue and itemTotalWeight, are required',
    );
  for (const field of ['itemValue', 'itemTotalValue']) {
    const value = item[field];
    if (value !== undefined && !(typeof value === 'number' && value >= 0.01 && value <= 999999.99))
      findings.add(`${path}${field}`, `${field} must be from 0.01 to 999999.99`);
  }
  for (const field of ['itemWeight', 'itemTotalWeight']) findings.positive(item, path, field);
  findings.oneOf(item, path, 'weightUOM', ['lb']);
  findings.pattern(item, path, 'HSTariffNumber', HS_TARIFF);
  findings.pattern(item, path, 'countryofOrigin', COUNTRY);
}
