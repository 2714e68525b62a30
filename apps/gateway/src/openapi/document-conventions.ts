import type { OpenAPIObject } from '@nestjs/swagger';
import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION } from '../http/versioning/api-version';
import { STATUS_DESCRIPTIONS } from './envelope-schemas';
import { REQUEST_EXAMPLES } from './request-examples';
import { exampleOf } from './response-examples';
import { responseHeaders } from './response-headers';

type Parameter = { name: string; in: string; description?: string; required?: boolean; schema?: object };
type Media = { schema?: { properties?: { data?: Schema } }; examples?: Record<string, unknown> };
type Schema = { $ref?: string; type?: string; items?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; headers?: object; content?: Record<string, Media> }>;
  security?: unknown[];
};

const nameOf = (schema?: Schema) => schema?.$ref?.split('/').pop();

/** The example `data` of a success answer, made from the example of the schema it refers to. */
function dataExample(data: Schema | undefined, path: string): unknown {
  const listed = data?.type === 'array' ? nameOf(data.items) : undefined;
  if (listed) return [exampleOf(listed)];
  const name = nameOf(data);
  if (!name) throw new Error(`The success answer of ${path} has no schema to make an example of`);
  return exampleOf(
    name,
    `http://127.0.0.1:3000${path.replace(/\{(\w+)\}/g, (_, key: string) => PATH_PARAMETERS[key]?.example ?? key)}`,
  );
}

/** A whole request body and a whole success answer for the operation, from the examples. */
function addExamples(path: string, operation: Operation): void {
  const body = operation.requestBody?.content['application/json'];
  if (body) {
    const value = REQUEST_EXAMPLES[operation.operationId ?? ''];
    if (value === undefined) throw new Error(`No request example for ${operation.operationId}`);
    body.examples = { example: { summary: 'A whole request body', value } };
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    const media = response.content?.['application/json'];
    if (Number(status) >= 300 || !media) continue;
    media.examples = {
      example: {
        summary: 'A whole answer',
        value: { success: true, data: dataExample(media.schema?.properties?.data, path) },
      },
    };
  }
}

/** What each path parameter names, as the interface names it. */
const PATH_PARAMETERS: Record<string, { description: string; example: string }> = {
  batch_id: { description: 'The batch hash id, as `POST /batches` answered it.', example: 'k3G7QAe5' },
  webhook_id: { description: 'The webhook endpoint id.', example: '12' },
  pickup_order_id: {
    description: 'The pickup order id, as `POST /pickup-orders` answered it.',
    example: '7',
  },
  delivery_id: {
    description: 'The delivery id (`Webhook-Id` of its attempts).',
    example: 'whd_01JD2Q8Z9K3V',
  },
  account_id: { description: 'The account id.', example: 'acct_8kq2' },
  key_id: { description: 'The API key id.', example: 'key_3f9a' },
  shipper_id: { description: 'The shipper id.', example: '7' },
  key: {
    description: 'The path of the label file, as the signed link holds it.',
    example: 'batches/k3G7QAe5/labels-1.pdf',
  },
};

const LABEL_LINK_PARAMETERS: Parameter[] = [
  {
    name: 'expires',
    in: 'query',
    required: true,
    description: 'Unix seconds after which the link is refused (LABEL_URL_TTL_SECONDS after signing).',
    schema: { type: 'integer' },
  },
  {
    name: 'signature',
    in: 'query',
    required: true,
    description: 'HMAC of the key and expiry under LABEL_URL_SECRET.',
    schema: { type: 'string' },
  },
];

const IF_NONE_MATCH: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The `ETag` of an earlier answer: while the body is the same, the answer is 304 without one.',
  schema: { type: 'string' },
};

const API_VERSION_PARAMETER: Parameter = {
  name: API_VERSION_HEADER,
  in: 'header',
  required: false,
  description:
    'The dated API version to be served by; without it, the current one. Any other value is refused with 400.',
  schema: { type: 'string', enum: [...API_VERSIONS], default: CURRENT_API_VERSION },
};

/**
 * What holds for every operation of a kind, added once here: path parameters described (and the
 * label key Nest does not list), the `Shipping-Version` every request may pin, and on every GET
 * the `If-None-Match` it honours with a 304.
 */
export function describeConventions(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
      // A public operation says so: an empty list, not a missing one.
      operation.security ??= [];
      const parameters = (operation.parameters ??= []);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
        const known = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name);
        const described = PATH_PARAMETERS[name];
        if (!described) throw new Error(`The path parameter ${name} of ${path} has no description`);
        const parameter = known ?? { name, in: 'path', required: true, schema: { type: 'string' } };
        Object.assign(parameter, { description: described.description, example: described.example });
        if (!known) parameters.unshift(parameter);
      }
      parameters.push(API_VERSION_PARAMETER);
      if (path.startsWith('/labels/')) {
        parameters.push(...LABEL_LINK_PARAMETERS);
        operation.responses['200'].content = {
          'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } as never },
        };
      }
      addExamples(path, operation);
      // A GET is revalidated when its answer is tagged; a streamed one (a label file) is not.
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
      if (method !== 'get' || !(success?.headers && 'ETag' in success.headers)) continue;
      parameters.push(IF_NONE_MATCH);
      operation.responses['304'] = {
        description: STATUS_DESCRIPTIONS[304],
        headers: responseHeaders({ status: 304, isPublic: operation.security.length === 0 }),
      };
    }
  }
}
