import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiHeader,
  ApiOperation,
  ApiResponse,
  type ApiResponseOptions,
} from '@nestjs/swagger';
import { validateRequest } from '@shipping/contracts';
import { STATUS_DESCRIPTIONS, successEnvelope } from './envelope-schemas';
import { ERROR_CASES, type ErrorCase, type ErrorCaseName } from './error-cases';
import { responseHeaders } from './response-headers';

type RequestClass = new () => object;

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
  /** Resource-style: `createBatch`, `getBatch`, `listWebhooks`. */
  operationId: string;
  summary: string;
  description?: string;
  /** The success status and the component schema of its `data` (undefined: a non-JSON body). */
  success: {
    status: number;
    data?: string | { page: string } | { list: string };
    description?: string;
    headers?: ResponseHeader[];
  };
  /** An update of an existing resource answers this status, with the same `data`. */
  updateStatus?: number;
  /** The failures of this route beyond those every route of its kind answers. */
  errors?: ErrorCaseName[];
  /** No API key needed. */
  isPublic?: boolean;
  /** The admin API: the admin key instead of an API key, and 404 while ADMIN_API_KEY is unset. */
  admin?: boolean;
  /** A POST: takes Idempotency-Key, replays its answer, answers 409 while its first request runs. */
  idempotent?: boolean;
  /** Takes a JSON body of this class: answers 400, 413 and 422 with the class's own messages. */
  body?: RequestClass;
  /** Takes query parameters of this class; `invalid` is a query it refuses, for the 422 example. */
  query?: { cls: RequestClass; invalid: Record<string, string> };
  /** In the interface's beta, as the interface marks it. */
  beta?: boolean;
}

/** The request class of each operation that takes a body, by operationId. */
export const REQUEST_CLASSES = new Map<string, RequestClass>();

/** The security scheme of the admin API's bearer key. */
export const ADMIN_SECURITY = 'admin';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function dataSchema(data: NonNullable<ApiRouteOptions['success']['data']>): Record<string, unknown> {
  if (typeof data === 'string') return schemaRef(data);
  if ('page' in data) return schemaRef(`${data.page}Page`);
  return { type: 'array', items: schemaRef(data.list) };
}

/** The 422 a request class answers for `invalid`: the messages the route really gives. */
function validationCase(cls: RequestClass, invalid: unknown): ErrorCase {
  const result = validateRequest(cls, invalid);
  if (result.ok) throw new Error(`${cls.name} accepts the example meant to fail: ${JSON.stringify(invalid)}`);
  return { ...ERROR_CASES.validation, data: result.errors };
}

/** The failures every route of the kind answers, then the route's own. */
function failuresOf(options: ApiRouteOptions): [string, ErrorCase][] {
  const names: ErrorCaseName[] = [
    'undecodablePath',
    'unreadableRequest',
    'unknownVersion',
    'rateLimited',
    'headersTooLarge',
  ];
  if (!options.isPublic) names.push('unauthenticated', 'unavailable');
  if (options.admin) names.push('adminOff');
  if (options.body) names.push('malformedJson', 'unreadableBody', 'bodyTooDeep', 'bodyTooLarge');
  if (options.idempotent) names.push('badIdempotencyKey', 'keyInProgress', 'keyReused', 'keyStillRunning');
  names.push(...(options.errors ?? []));
  const cases: [string, ErrorCase][] = names.map((name) => [name, ERROR_CASES[name]]);
  if (options.body) cases.push(['validation', validationCase(options.body, {})]);
  if (options.query) cases.push(['invalidQuery', validationCase(options.query.cls, options.query.invalid)]);
  return cases;
}

/** One status: an envelope schema per kind of `data`, an example per case. */
function failureResponse(
  status: number,
  cases: [string, ErrorCase][],
  isPublic: boolean,
): ApiResponseOptions {
  const envelopes = [...new Set(cases.map(([, one]) => one.envelope))].sort();
  const schema =
    envelopes.length === 1 ? schemaRef(envelopes[0]) : { anyOf: envelopes.map((name) => schemaRef(name)) };
  const examples = Object.fromEntries(
    cases.map(([name, one]) => [
      name,
      {
        summary: one.summary,
        value: {
          success: false,
          message: one.message,
          ...(one.data === undefined ? {} : { data: one.data }),
        },
        ...(one.pattern ? { 'x-message-pattern': one.pattern } : {}),
      },
    ]),
  );
  return {
    status,
    description: STATUS_DESCRIPTIONS[status],
    headers: responseHeaders({ status, isPublic }),
    content: { 'application/json': { schema, examples } as never },
  };
}

/**
 * One route's OpenAPI description: its id, the envelope of its success answer with the headers
 * sent with it, and every failure it can give, each with the message the code answers.
 */
export function ApiRoute(options: ApiRouteOptions): MethodDecorator {
  const isPublic = Boolean(options.isPublic);
  if (options.body) REQUEST_CLASSES.set(options.operationId, options.body);
  const byStatus = new Map<number, [string, ErrorCase][]>();
  for (const entry of failuresOf(options)) {
    byStatus.set(entry[1].status, [...(byStatus.get(entry[1].status) ?? []), entry]);
  }
  const { status, data, description, headers } = options.success;
  const successContent = data
    ? { content: { 'application/json': { schema: successEnvelope(dataSchema(data)) as never } } }
    : {};
  const successHeaders = {
    ...responseHeaders({ status, isPublic, idempotent: options.idempotent, streamed: !data }),
    ...Object.fromEntries(
      (headers ?? []).map((header) => [
        header.name,
        { description: header.description, schema: header.schema },
      ]),
    ),
  };
  return applyDecorators(
    ApiOperation({
      operationId: options.operationId,
      summary: options.summary,
      description: describe(options),
    }),
    ...(options.beta ? [ApiExtension('x-beta', true)] : []),
    ...(isPublic ? [] : [options.admin ? ApiBearerAuth(ADMIN_SECURITY) : ApiBearerAuth()]),
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
            headers: responseHeaders({
              status: options.updateStatus,
              isPublic,
              idempotent: options.idempotent,
            }),
            ...successContent,
          }),
        ]
      : []),
    ApiResponse({
      status,
      description: description ?? 'Success.',
      headers: successHeaders,
      ...successContent,
    }),
    ...[...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([failed, cases]) => ApiResponse(failureResponse(failed, cases, isPublic))),
  );
}

/** The route's own text, then its beta state and the refusals that are its own. */
function describe(options: ApiRouteOptions): string {
  const own = (options.errors ?? []).map(
    (name) => `${ERROR_CASES[name].status}: ${ERROR_CASES[name].summary}.`,
  );
  return [
    options.description ?? `${options.summary}.`,
    options.beta ? BETA_NOTE : '',
    own.length > 0 ? `Refusals of this operation: ${own.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const BETA_NOTE = '**Beta**: as the interface marks it, this operation is in a beta state and may change.';
