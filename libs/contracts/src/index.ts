export * from './errors/app-error';
export * from './dto';
export {
  BODY_FIELD,
  collectCrossFieldErrors,
  flattenValidationErrors,
  type HasCrossFieldRules,
  isDateYmd,
  isTimeHi,
  limitDepth,
  MAX_BODY_DEPTH,
  type ValidateRequestOptions,
  validateRequest,
  type ValidationResult,
} from './validation';
export * from './ids/hash-ids';
export * from './messages/accounts';
export * from './messages/orders';
export * from './messages/request-context';
export * from './money/money';
export * from './pagination/paginate';
export * from './pagination/page-query';
export * from './messages/pickups';
export * from './messages/batches';
export * from './pagination/batch-items-query';
export * from './messages/labels';
export * from './messages/webhooks';
export * from './messages/webhook-event-types';
export * from './messages/ledger';
export * from './messages/webhook-shipment-body';
export * from './immutable/deep-freeze';
