/** JSON Schema 2020-12, as OpenAPI 3.1 uses it (the swagger types predate `const`). */
type SchemaObject = Record<string, unknown>;

/** `{success: true, data}`, with the `message` some answers carry. */
export const successEnvelope = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { const: true }, data, message: { type: 'string' } },
});

export const ENVELOPE_SCHEMAS: Record<string, SchemaObject> = {
  ErrorEnvelope: {
    type: 'object',
    required: ['success', 'message'],
    properties: {
      success: { const: false },
      message: { type: 'string' },
      data: { description: 'Detail of the failure, when there is any.' },
    },
  },
  ValidationErrorEnvelope: {
    type: 'object',
    description:
      'Validation failed (`data` maps field paths to messages), or an Idempotency-Key was used with another request (no `data`).',
    required: ['success', 'message'],
    properties: {
      success: { const: false },
      message: { type: 'string', example: 'The given data was invalid.' },
      data: {
        type: 'object',
        description: 'Dotted field path (package_list.0.items.1.hs_code) to its messages.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

/** Why each status is answered, and the interface's own message where it names one. */
export const ERROR_STATUSES: Record<number, { description: string; example: unknown }> = {
  400: {
    description: 'Malformed JSON, a body nested too deep, or a path escape that is no UTF-8.',
    example: { success: false, message: 'Malformed JSON body.' },
  },
  401: {
    description: 'Missing or unknown API key.',
    example: { success: false, message: 'Unauthenticated.' },
  },
  402: {
    description: 'The account credit does not cover the charge; nothing is charged.',
    example: {
      success: false,
      message: 'There is not enough credit to ship this batch. Please add funds to your account.',
    },
  },
  403: {
    description: 'A label link with a bad, missing or expired signature.',
    example: { success: false, message: 'The label link is invalid.' },
  },
  404: { description: 'Unknown resource.', example: { success: false, message: 'Batch not found.' } },
  409: {
    description:
      'A conflict: a batch that is not ready, an Idempotency-Key whose first request is still running.',
    example: { success: false, message: 'Batch is not ready to ship.' },
  },
  413: {
    description: 'The body is over the limit (BODY_LIMIT, 4 MB by default).',
    example: { success: false, message: 'The request body is larger than the limit of 4mb.' },
  },
  422: {
    description: 'Validation failed; `data` maps dotted field paths to messages.',
    example: {
      success: false,
      message: 'The given data was invalid.',
      data: { 'from_address.city': ['The from address.city field is required.'] },
    },
  },
  431: {
    description: 'The request line or headers are larger than the server reads (16 KB).',
    example: { success: false, message: 'The request headers are too large.' },
  },
  429: {
    description: 'Over the rate limit; `Retry-After` says when to try again.',
    example: { success: false, message: 'Too many requests.' },
  },
  503: {
    description: 'A backing app did not answer in time, a store failure, or instant ship switched off.',
    example: { success: false, message: 'The service is temporarily unavailable. Try again shortly.' },
  },
};
