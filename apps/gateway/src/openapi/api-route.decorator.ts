import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ERROR_STATUSES, successEnvelope } from './envelope-schemas';

/** A header a success answer carries. */
export interface ResponseHeader {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/** The stream revision a read was built from: the state after that event of its stream. */
export const STREAM_REVISION_HEADER: ResponseHeader = {
  name: 'Stream-Revision',
  description:
    "The revision of the stream (the batch's, or the ledger of the key's mode) the answer was built " +
    'from: the same read with `as_of` set to it gives the same answer. Absent when the ledger has no event.',
  schema: { type: 'string', pattern: '^\\d+$' },
};

export interface ApiRouteOptions {
  summary: string;
  /** The success status and the component schema of its `data` (undefined: a non-JSON body). */
  success: {
    status: number;
    data?: string | { page: string } | { list: string };
    description?: string;
    headers?: ResponseHeader[];
  };
  /** An update of an existing resource answers this status, with the same `data`. */
  updateStatus?: number;
  /** Statuses beyond those every route of its kind answers. */
  errors?: number[];
  /** No API key needed. */
  isPublic?: boolean;
  /** The admin API: the admin key instead of an API key, and 404 while ADMIN_API_KEY is unset. */
  admin?: boolean;
  /** A POST: takes Idempotency-Key and answers 409 while its first request runs. */
  idempotent?: boolean;
  /** Takes a JSON body: answers 400, 413 and 422. */
  body?: boolean;
}

/** The security scheme of the admin API's bearer key. */
export const ADMIN_SECURITY = 'admin';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function dataSchema(data: NonNullable<ApiRouteOptions['success']['data']>): Record<string, unknown> {
  if (typeof data === 'string') return schemaRef(data);
  if ('page' in data) return schemaRef(`${data.page}Page`);
  return { type: 'array', items: schemaRef(data.list) };
}

const errorResponse = (status: number) =>
  ApiResponse({
    status,
    description: ERROR_STATUSES[status].description,
    content: {
      'application/json': {
        schema: schemaRef(status === 422 ? 'ValidationErrorEnvelope' : 'ErrorEnvelope'),
        example: ERROR_STATUSES[status].example,
      },
    },
  });

/**
 * One route's OpenAPI description: the envelope of its success answer and every failure status it
 * can give. Authenticated routes answer 401, 429 and 503 (a backing app that does not answer).
 */
export function ApiRoute(options: ApiRouteOptions): MethodDecorator {
  const statuses = new Set(options.errors ?? []);
  // 400: a path escape that is no UTF-8 (a POST also a malformed body); 431: an oversized URL.
  [400, 431].forEach((status) => statuses.add(status));
  if (!options.isPublic) [401, 429, 503].forEach((status) => statuses.add(status));
  if (options.admin) statuses.add(404);
  if (options.body) [400, 413, 422].forEach((status) => statuses.add(status));
  if (options.idempotent) [409, 422, 503].forEach((status) => statuses.add(status));
  const { status, data, description, headers } = options.success;
  return applyDecorators(
    ApiOperation({ summary: options.summary }),
    ...(options.isPublic ? [] : [options.admin ? ApiBearerAuth(ADMIN_SECURITY) : ApiBearerAuth()]),
    ...(options.idempotent
      ? [
          ApiHeader({
            name: 'Idempotency-Key',
            required: false,
            description:
              '1-255 printable characters. A repeat within 24 h answers the first status and body with ' +
              '`Idempotent-Replayed: true`; the same key with another body answers 422.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          }),
        ]
      : []),
    ...(options.updateStatus
      ? [
          ApiResponse({
            status: options.updateStatus,
            description: 'Updated.',
            content: { 'application/json': { schema: successEnvelope(dataSchema(data!)) as never } },
          }),
        ]
      : []),
    ApiResponse({
      status,
      description: description ?? 'Success.',
      ...(headers
        ? {
            headers: Object.fromEntries(
              headers.map((header) => [
                header.name,
                { description: header.description, schema: header.schema },
              ]),
            ),
          }
        : {}),
      ...(data
        ? { content: { 'application/json': { schema: successEnvelope(dataSchema(data)) as never } } }
        : {}),
    }),
    ...[...statuses].sort().map(errorResponse),
  );
}
