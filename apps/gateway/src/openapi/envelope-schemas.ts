/** JSON Schema 2020-12, as OpenAPI 3.1 uses it (the swagger types predate `const`). */
type SchemaObject = Record<string, unknown>;

/** `{success: true, data}`, with the `message` some answers carry. */
export const successEnvelope = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { const: true }, data, message: { type: 'string' } },
});

const failure = (description: string, data?: SchemaObject): SchemaObject => ({
  type: 'object',
  description,
  required: data ? ['success', 'message', 'data'] : ['success', 'message'],
  properties: {
    success: { const: false },
    message: { type: 'string', description: 'A sentence for people; the status says what happened.' },
    ...(data ? { data } : {}),
  },
});

export const ENVELOPE_SCHEMAS: Record<string, SchemaObject> = {
  ErrorEnvelope: failure('A failure without detail: the message says it all.'),
  FieldErrors: {
    type: 'object',
    description:
      'Each field that failed, by its dotted path (`package_list.0.items.1.hs_code`; `body` for a body ' +
      'that is no object), to its messages.',
    additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
  },
  ValidationErrorEnvelope: failure('Validation failed: `data` maps field paths to their messages.', {
    $ref: '#/components/schemas/FieldErrors',
  }),
  InvalidItemsErrorEnvelope: failure('The batch has invalid items: fix or remove them, then ship again.', {
    type: 'object',
    required: ['invalid_order_ids'],
    properties: {
      invalid_order_ids: {
        type: 'array',
        description: 'The ids of the invalid items, in the order of the batch.',
        items: { type: 'string' },
      },
    },
  }),
};

/** Why each status is answered; the examples name each case. */
export const STATUS_DESCRIPTIONS: Record<number, string> = {
  304: 'Not modified: the `If-None-Match` tag is the current one. No body.',
  400: 'The request could not be read.',
  401: 'Missing or unknown API key.',
  402: 'The account credit does not cover the charge; nothing is charged.',
  403: 'The link is refused.',
  404: 'Unknown resource.',
  409: 'A conflict with the state of the resource or of an earlier request.',
  413: 'The body is over the limit (BODY_LIMIT, 4 MB by default).',
  422: 'The request is well-formed but refused: `data`, when present, maps dotted field paths to messages.',
  429: 'Over the rate limit; `Retry-After` says when to try again.',
  431: 'The request line or headers are larger than the server reads (16 KB).',
  503: 'Unavailable for now; a retry (with the same Idempotency-Key) is safe after `Retry-After`.',
};
