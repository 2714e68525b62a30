import type { UspsErrorDetail } from './usps-errors';

/**
 * What USPS's published documents require of a request, checked field by field. Sources:
 * - LABELS: the Labels 3.0 OpenAPI document (version 3.9.4), `components.schemas` named beside each rule;
 * - PICKUP: the Carrier Pickup 3.0 OpenAPI document, `SchedulePickupRequest`;
 * - PAYMENTS: USPS/api-examples README "Set the payment account for Domestic Label" and the Error
 *   Inventory's "Payment" sheet (codes 160218-160229);
 * - OAUTH: the OAuth 3.0 OpenAPI document, `ClientCredentials`.
 */
type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class Findings {
  readonly details: UspsErrorDetail[] = [];

  add(parameter: string, detail: string): void {
    this.details.push({ parameter, detail });
  }

  required(body: Json, path: string, fields: readonly string[]): void {
    for (const field of fields)
      if (body[field] === undefined || body[field] === null || body[field] === '')
        this.add(`${path}${field}`, `${path}${field} is required`);
  }

  oneOf(body: Json, path: string, field: string, allowed: readonly (string | number)[]): void {
    if (body[field] !== undefined && !allowed.includes(body[field] as string))
      this.add(`${path}${field}`, `${path}${field} must be one of ${allowed.join(', ')}`);
  }

  pattern(body: Json, path: string, field: string, pattern: RegExp): void {
    if (body[field] !== undefined && (typeof body[field] !== 'string' || !pattern.test(body[field])))
      this.add(`${path}${field}`, `${path}${field} does not match ${pattern.source}`);
  }

  positive(body: Json, path: string, field: string): void {
    const value = body[field];
    if (value !== undefined && !(typeof value === 'number' && value > 0))
      this.add(`${path}${field}`, `${path}${field} must be a number greater than 0`);
  }
}

/** Labels 3.0 `BaseDomesticPackageDescription.mailClass`. */
export const MAIL_CLASSES = [
  'PARCEL_SELECT',
  'PARCEL_SELECT_LIGHTWEIGHT',
  'USPS_CONNECT_LOCAL',
  'USPS_CONNECT_REGIONAL',
  'USPS_CONNECT_MAIL',
  'USPS_GROUND_ADVANTAGE',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL',
  'FIRST-CLASS_PACKAGE_SERVICE',
  'LIBRARY_MAIL',
  'MEDIA_MAIL',
  'BOUND_PRINTED_MATTER',
] as const;

/** Labels 3.0 `DomesticPackageDescription.rateIndicator`. */
export const RATE_INDICATORS = [
  ...['3D', '3N', '3R', '5D', 'BA', 'BB', 'CP', 'CM', 'DC', 'DE', 'DF', 'DN', 'DR', 'E4', 'E6', 'FA'],
  ...['FB', 'FE', 'FP', 'FS', 'LC', 'LF', 'LL', 'LO', 'LS', 'NP', 'OS', 'P5', 'P6', 'P7', 'P8', 'P9'],
  ...['Q6', 'Q7', 'Q8', 'Q9', 'Q0', 'PA', 'PL', 'PM', 'PR', 'SN', 'SP', 'SR'],
] as const;

/** Labels 3.0 `BaseDomesticPackageDescription.processingCategory`. */
export const PROCESSING_CATEGORIES = [
  'LETTERS',
  'FLATS',
  'MACHINABLE',
  'IRREGULAR',
  'NON_MACHINABLE',
  'NONSTANDARD',
];

/** Labels 3.0 `BaseDomesticPackageDescription.destinationEntryFacilityType`. */
const DESTINATION_ENTRY_FACILITY_TYPES = [
  'NONE',
  'DESTINATION_NETWORK_DISTRIBUTION_CENTER',
  'DESTINATION_SECTIONAL_CENTER_FACILITY',
  'DESTINATION_DELIVERY_UNIT',
  'DESTINATION_SERVICE_HUB',
];

/** Labels 3.0 `ExtraService`. */
export const EXTRA_SERVICE_CODES = [
  ...[365, 415, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 810, 811, 812, 813, 814, 815, 816],
  ...[817, 818, 819, 820, 821, 822, 823, 824, 825, 826, 827, 828, 829, 830, 831, 832, 857, 910, 911],
  ...[912, 913, 920, 921, 922, 923, 924, 925, 930, 931, 934, 955, 957, 981, 986, 991],
];

/** Labels 3.0 `ImageInfo`. */
export const IMAGE_TYPES = [
  'PDF',
  'TIFF',
  'JPG',
  'PNG',
  'GIF',
  'SVG',
  'ZPL203DPI',
  'ZPL300DPI',
  'LABEL_BROKER',
  'NONE',
];
const LABEL_TYPES = ['4X4LABEL', '4X5LABEL', '4X6LABEL', '6X4LABEL', '2X7LABEL'];
const RECEIPT_OPTIONS = ['SAME_PAGE', 'SEPARATE_PAGE', 'NONE'];

/** Labels 3.0 `State`, `DomesticAddress.ZIPCode`, `Phone`, `Email`; a date as `MailingDate` (format date). */
const STATE =
  /^(AA|AE|AL|AK|AP|AS|AZ|AR|CA|CO|CT|DE|DC|FM|FL|GA|GU|HI|ID|IL|IN|IA|KS|KY|LA|ME|MH|MD|MA|MI|MN|MS|MO|MP|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PW|PA|PR|RI|SC|SD|TN|TX|UT|VT|VI|VA|WA|WV|WI|WY)$/;
const ZIP_CODE = /^\d{5}$/;
const ZIP_PLUS_4 = /^\d{4}$/;
export const PHONE = /^\+?[1-9][0-9]{7,14}$/;
const EMAIL = /^[a-zA-Z0-9_+&*-]+(?:\.[a-zA-Z0-9_+&*-]+)*@(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Labels 3.0 `LabelRequest`: its properties, `additionalProperties: false`. */
const LABEL_REQUEST_FIELDS = [
  'imageInfo',
  'toAddress',
  'fromAddress',
  'senderAddress',
  'returnAddress',
  'packageDescription',
  'customsForm',
];

/** `required`: the address's own fields are required (DomesticLabelAddress), not only its ZIP Code. */
export function checkAddress(findings: Findings, address: unknown, path: string, required: boolean): void {
  if (!isObject(address)) {
    findings.add(path, `${path} is required and must be an object`);
    return;
  }
  const prefix = `${path}.`;
  // fromAddress: DomesticLabelAddress.required. toAddress (DomesticLabelToAddress) lists none, but its
  // description in post-label says "The destination ZIP Code is used for calculating pricing".
  findings.required(address, prefix, required ? ['streetAddress', 'city', 'state', 'ZIPCode'] : ['ZIPCode']);
  findings.pattern(address, prefix, 'state', STATE);
  findings.pattern(address, prefix, 'ZIPCode', ZIP_CODE);
  if (address.ZIPPlus4 !== null) findings.pattern(address, prefix, 'ZIPPlus4', ZIP_PLUS_4);
  findings.pattern(address, prefix, 'phone', PHONE);
  findings.pattern(address, prefix, 'email', EMAIL);
  for (const field of ['streetAddress', 'secondaryAddress', 'firstName', 'lastName', 'firm'])
    if (typeof address[field] === 'string' && (address[field] as string).length > 50)
      findings.add(`${prefix}${field}`, `${prefix}${field} is longer than 50 characters`);
  if (typeof address.city === 'string' && address.city.length > 28)
    findings.add(`${prefix}city`, `${prefix}city is longer than 28 characters`);
}

export function labelRequestFindings(body: unknown): UspsErrorDetail[] {
  const findings = new Findings();
  if (!isObject(body)) {
    findings.add('body', 'The request body must be a JSON object');
    return findings.details;
  }
  for (const field of Object.keys(body))
    if (!LABEL_REQUEST_FIELDS.includes(field))
      findings.add(field, `${field} is not a property of a label request`);
  checkAddress(findings, body.toAddress, 'toAddress', false);
  checkAddress(findings, body.fromAddress, 'fromAddress', true);
  if (body.imageInfo !== undefined) {
    if (!isObject(body.imageInfo)) findings.add('imageInfo', 'imageInfo must be an object');
    else {
      findings.oneOf(body.imageInfo, 'imageInfo.', 'imageType', IMAGE_TYPES);
      findings.oneOf(body.imageInfo, 'imageInfo.', 'labelType', LABEL_TYPES);
      findings.oneOf(body.imageInfo, 'imageInfo.', 'receiptOption', RECEIPT_OPTIONS);
    }
  }
  const pkg = body.packageDescription;
  if (!isObject(pkg)) {
    findings.add('packageDescription', 'packageDescription is required and must be an object');
    return findings.details;
  }
  const path = 'packageDescription.';
  // BaseDomesticPackageDescription.required, and DomesticPackageDescription's rateIndicator.
  findings.required(pkg, path, [
    'mailClass',
    'rateIndicator',
    'processingCategory',
    'destinationEntryFacilityType',
    'weight',
    'length',
    'width',
    'height',
    'mailingDate',
  ]);
  findings.oneOf(pkg, path, 'mailClass', MAIL_CLASSES);
  findings.oneOf(pkg, path, 'rateIndicator', RATE_INDICATORS);
  findings.oneOf(pkg, path, 'processingCategory', PROCESSING_CATEGORIES);
  findings.oneOf(pkg, path, 'destinationEntryFacilityType', DESTINATION_ENTRY_FACILITY_TYPES);
  findings.oneOf(pkg, path, 'weightUOM', ['lb']);
  findings.oneOf(pkg, path, 'dimensionsUOM', ['in']);
  for (const field of ['weight', 'length', 'width', 'height']) findings.positive(pkg, path, field);
  findings.pattern(pkg, path, 'mailingDate', DATE);
  // processingCategory notes: FLATS is not valid for USPS_GROUND_ADVANTAGE; LETTERS only for PRIORITY_MAIL(_EXPRESS).
  if (pkg.processingCategory === 'FLATS' && pkg.mailClass === 'USPS_GROUND_ADVANTAGE')
    findings.add(`${path}processingCategory`, 'FLATS is not valid for mail class USPS_GROUND_ADVANTAGE');
  if (
    pkg.processingCategory === 'LETTERS' &&
    !['PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS'].includes(String(pkg.mailClass))
  )
    findings.add(
      `${path}processingCategory`,
      'LETTERS is only valid for PRIORITY_MAIL and PRIORITY_MAIL_EXPRESS',
    );
  if (pkg.extraServices !== undefined) {
    const services = pkg.extraServices;
    if (!Array.isArray(services) || services.length > 5)
      findings.add(`${path}extraServices`, `${path}extraServices must be an array of at most 5 codes`);
    else
      for (const code of services)
        if (!EXTRA_SERVICE_CODES.includes(code as number))
          findings.add(`${path}extraServices`, `${code} is not an extra service code`);
  }
  return findings.details;
}

/** PAYMENTS: the roles PAYER and LABEL_OWNER, each with the account fields the Error Inventory requires. */
export function paymentAuthorizationFindings(body: unknown): UspsErrorDetail[] {
  const findings = new Findings();
  const roles = isObject(body) && Array.isArray(body.roles) ? (body.roles as unknown[]) : undefined;
  if (!roles) {
    findings.add('roles', 'roles is required');
    return findings.details;
  }
  const names = roles.map((role) => (isObject(role) ? role.roleName : undefined));
  if (new Set(names).size !== names.length) findings.add('roles', 'no duplicate roles allowed');
  if (!names.includes('PAYER')) findings.add('roles', 'PAYER is required');
  if (!names.includes('LABEL_OWNER')) findings.add('roles', 'LABEL_OWNER is required');
  for (const role of roles) {
    if (!isObject(role) || !role.roleName) {
      findings.add('roles', 'Cannot have a role without roleName');
      continue;
    }
    const name = String(role.roleName);
    for (const field of ['CRID', 'MID', 'manifestMID', 'accountType'])
      if (!role[field]) findings.add('roles', `${name} requires ${field}`);
    if (role.accountType !== undefined && !['EPS', 'PERMIT'].includes(String(role.accountType)))
      findings.add('roles', `${name} requires accountType of PERMIT or EPS`);
    if (role.accountType === 'EPS' && !role.accountNumber)
      findings.add('roles', `${name} requires accountNumber when accountType is EPS`);
    if (role.accountType === 'PERMIT' && !role.permitNumber)
      findings.add('roles', `${name} requires permitNumber when accountType is PERMIT`);
    if (role.accountType === 'PERMIT' && !role.permitZIPCode)
      findings.add('roles', `${name} requires permitZipCode when accountType is PERMIT`);
  }
  return findings.details;
}

/** PICKUP: `SchedulePickupRequest` and the schemas it refers to. */
export function pickupRequestFindings(body: unknown): UspsErrorDetail[] {
  const findings = new Findings();
  if (!isObject(body)) {
    findings.add('body', 'The request body must be a JSON object');
    return findings.details;
  }
  findings.required(body, '', [
    'pickupDate',
    'pickupAddress',
    'packages',
    'estimatedWeight',
    'pickupLocation',
  ]);
  findings.pattern(body, '', 'pickupDate', DATE);
  if (body.estimatedWeight !== undefined && typeof body.estimatedWeight !== 'number')
    findings.add('estimatedWeight', 'estimatedWeight must be a number');
  const address = body.pickupAddress;
  if (isObject(address)) {
    const contact = address.contact;
    if (!Array.isArray(contact) || contact.length < 1 || contact.length > 2)
      findings.add('pickupAddress.contact', 'pickupAddress.contact must hold 1 or 2 notification methods');
    // A method is an email, or a phone to text: `cellNumber` (the OpenAPI document), `phone` in the
    // README's "Carrier Pickup - Create" example.
    else if (
      !contact.every(
        (method) => isObject(method) && CONTACT_METHODS.some((key) => typeof method[key] === 'string'),
      )
    )
      findings.add(
        'pickupAddress.contact',
        'each pickupAddress.contact entry must name an email or a phone number',
      );
    if (isObject(address.address)) {
      findings.pattern(address.address, 'pickupAddress.address.', 'ZIPCode', ZIP_CODE);
      findings.pattern(address.address, 'pickupAddress.address.', 'state', STATE);
    }
  }
  if (Array.isArray(body.packages))
    for (const pkg of body.packages as unknown[]) {
      if (!isObject(pkg)) findings.add('packages', 'a package must be an object');
      else {
        findings.required(pkg, 'packages[].', ['packageType', 'packageCount']);
        findings.oneOf(pkg, 'packages[].', 'packageType', PICKUP_PACKAGE_TYPES);
        if (pkg.packageCount !== undefined && !Number.isInteger(pkg.packageCount))
          findings.add('packages[].packageCount', 'packageCount must be an integer');
      }
    }
  if (isObject(body.pickupLocation)) {
    findings.required(body.pickupLocation, 'pickupLocation.', ['packageLocation']);
    findings.oneOf(body.pickupLocation, 'pickupLocation.', 'packageLocation', PACKAGE_LOCATIONS);
  }
  return findings.details;
}

const CONTACT_METHODS = ['email', 'cellNumber', 'phone'];

/** PICKUP: `SchedulePickupRequest_packages.packageType`, `SchedulePickupRequest_pickupLocation.packageLocation`. */
export const PICKUP_PACKAGE_TYPES = [
  'FIRST-CLASS_PACKAGE_SERVICE',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL',
  'RETURNS',
  'USPS_GROUND_ADVANTAGE',
  'INTERNATIONAL',
  'OTHER',
];
export const PACKAGE_LOCATIONS = [
  'FRONT_DOOR',
  'BACK_DOOR',
  'SIDE_DOOR',
  'KNOCK_ON_DOOR',
  'MAIL_ROOM',
  'OFFICE',
  'PORCH',
  'RECEPTION',
  'MAILBOX',
  'OTHER',
];

/** OAUTH: `ClientCredentials` (grant_type client_credentials, client_id, client_secret). */
export function tokenRequestFindings(body: Record<string, unknown>): UspsErrorDetail[] {
  const findings = new Findings();
  findings.required(body, '', ['grant_type', 'client_id', 'client_secret']);
  return findings.details;
}
