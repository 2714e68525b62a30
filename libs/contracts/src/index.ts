// The part that loads no class-validator lives in @shipping/contracts-core, which the domain uses.
export * from '@shipping/contracts-core';
export * from './dto';
export {
  BODY_FIELD,
  FIELD_SCHEMAS,
  type FieldSchema,
  collectCrossFieldErrors,
  documented,
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
export * from './pagination/page-query';
export * from './pagination/batch-items-query';
export * from './pagination/as-of';
export * from './messages/labels';
export * from './messages/carrier-credentials';
