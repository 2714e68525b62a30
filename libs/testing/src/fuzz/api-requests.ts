import fc from 'fast-check';
import { oneFieldWrong, type Schema, schemaResolver, validValue, wrongValue } from './schema-arbitrary';

/** One generated request. */
export interface FuzzRequest {
  /** `POST /batches/{batchId}/ship`: the documented route it aims at. */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body text as sent, undefined for none. */
  body?: string;
}

export interface RequestContext {
  document: any;
  /** The interface's sample bodies by route, the valid requests variants start from. */
  samples: Record<string, unknown>;
  /** Ids that exist, by path parameter name, so requests reach past the lookup. */
  ids: Record<string, string[]>;
  apiKey: string;
  adminKey: string;
}

const hostileText = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%FF', '%C0%80', '%', '%zz', '..%2F..%2Fetc', '%0A%0D', '__proto__', '-1'),
  fc.constantFrom('0', '2147483648', '1e309', 'NaN', 'x'.repeat(600)),
  // Never empty, nor `.` or `..`: `/batches/` and `/batches/.` (a dot segment, which every URL
  // parser removes) are requests of another route.
  fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((text) => text !== '.' && text !== '..')
    .map(encodeURIComponent),
);

/** A value as query text; a lone surrogate has no UTF-8 form and is sent as its raw bytes. */
const queryText = (value: unknown) => {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
};

/** Bodies no schema describes: broken JSON, deep nesting, prototype keys, scalars. */
const rawBodies = fc.oneof(
  fc.constantFrom(
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    '{"a":1,',
    '\u0000',
    '[]',
    '"text"',
    'null',
    '{"a":1e999}',
  ),
  fc.integer({ min: 1, max: 300 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
);

/** Requests for every documented route: schema-valid, one field wrong, or hostile in any part. */
export function fuzzRequests(context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const resolve = schemaResolver(context.document);
  const routes = Object.entries(context.document.paths as Record<string, Record<string, any>>).flatMap(
    ([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  let sequence = 0;
  // Each route's arbitrary is built once: building them per request costs more than sending it.
  const perRoute = routes.map(({ path, method, operation }) => {
    const route = `${method.toUpperCase()} ${path}`;
    const parameters: any[] = operation.parameters ?? [];
    const pathParameter = (name: string) =>
      context.ids[name]?.length
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...context.ids[name]) },
            { weight: 1, arbitrary: hostileText },
          )
        : hostileText;
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const query = parameters.filter((parameter) => parameter.in === 'query');
    const bodySchema: Schema | undefined = operation.requestBody?.content?.['application/json']?.schema;
    return fc
      .record({
        params: fc.tuple(...names.map(pathParameter)),
        query: fc
          .subarray(query)
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((parameter) =>
                fc
                  .oneof(
                    validValue(parameter.schema, resolve).map(queryText),
                    wrongValue(parameter.schema, resolve).map(queryText),
                    hostileText,
                  )
                  .map((value) => `${parameter.name}=${value}`),
              ),
            ),
          ),
        body: bodyOf(route, method, bodySchema, context, resolve),
        idempotencyKey: fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom('', ' ', 'k'.repeat(256), 'ключ') },
        ),
        auth: fc.oneof(
          { weight: 12, arbitrary: fc.constant('own') },
          { weight: 1, arbitrary: fc.constantFrom('none', 'wrong', 'other') },
        ),
      })
      .map(({ params, query, body, idempotencyKey, auth }) => {
        let index = 0;
        const pathname = path.replace(/\{\w+\}/g, () => String(params[index++]));
        const isAdmin = path.startsWith('/admin/');
        const key = {
          own: isAdmin ? context.adminKey : context.apiKey,
          other: isAdmin ? context.apiKey : context.adminKey,
          wrong: 'sk_test_wrong',
          none: undefined,
        }[auth];
        const headers: Record<string, string> = {};
        if (key) headers['authorization'] = `Bearer ${key}`;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const keyText = idempotencyKey ?? `fuzz-${Date.now().toString(36)}-${sequence++}`;
        if (/^[\x20-\x7e]*$/.test(keyText)) headers['idempotency-key'] = keyText;
        return {
          route,
          method: method.toUpperCase(),
          url: query.length ? `${pathname}?${query.join('&')}` : pathname,
          headers,
          body,
        };
      });
  });
  return fc.oneof(...perRoute);
}

function bodyOf(
  route: string,
  method: string,
  schema: Schema | undefined,
  context: RequestContext,
  resolve: ReturnType<typeof schemaResolver>,
): fc.Arbitrary<string | undefined> {
  if (!schema) {
    return method === 'get' || method === 'delete'
      ? fc.constant(undefined)
      : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBodies });
  }
  const sample = context.samples[route];
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: validValue(schema, resolve) },
    {
      weight: 2,
      arbitrary: validValue(schema, resolve).chain((valid) => oneFieldWrong(valid, schema, resolve)),
    },
  ];
  if (sample !== undefined) {
    variants.push({ weight: 5, arbitrary: oneFieldWrong(sample, schema, resolve) });
  }
  return fc.oneof(
    { weight: 9, arbitrary: fc.oneof(...variants).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: rawBodies },
  );
}
