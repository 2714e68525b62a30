export * from './usps-mock-server';
export { mockLabelPdf } from './usps-label-pdf';
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
