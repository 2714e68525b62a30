export * from './usps-mock-server';
export * from './usps-errors';
export {
  EXTRA_SERVICE_CODES,
  IMAGE_TYPES,
  MAIL_CLASSES,
  PACKAGE_LOCATIONS,
  PICKUP_PACKAGE_TYPES,
  PROCESSING_CATEGORIES,
  RATE_INDICATORS,
  labelRequestFindings,
  paymentAuthorizationFindings,
  pickupRequestFindings,
} from './usps-contract';
export * from './usps-fixtures';
export {
  CUSTOMS_CONTENT_TYPES,
  INTERNATIONAL_EXTRA_SERVICE_CODES,
  INTERNATIONAL_MAIL_CLASSES,
  INTERNATIONAL_PROCESSING_CATEGORIES,
  INTERNATIONAL_RATE_INDICATORS,
  internationalLabelRequestFindings,
} from './usps-international-contract';
export { s10TrackingNumber } from './usps-international-label';
export * from './usps-international-fixtures';
