import type { OpenAPIObject } from '@nestjs/swagger';
import { STATUS_DESCRIPTIONS } from './envelope-schemas';
import { responseHeaders } from './response-headers';

type Parameter = { name: string; in: string; description?: string; required?: boolean; schema?: object };
type Operation = {
  parameters?: Parameter[];
  responses: Record<string, { description: string; headers?: object }>;
  security?: unknown[];
};

/** What each path parameter names, as the interface names it. */
const PATH_PARAMETERS: Record<string, { description: string; example: string }> = {
  batch_id: { description: 'The batch hash id, as `POST /batches` answered it.', example: 'k3G7QAe5' },
  webhook_id: { description: 'The webhook endpoint id.', example: '12' },
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

/**
 * What holds for every operation of a kind, added once here: path parameters described (and the
 * label key Nest does not list), and on every GET the `If-None-Match` it honours with a 304.
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
      if (path.startsWith('/labels/')) parameters.push(...LABEL_LINK_PARAMETERS);
      if (method !== 'get') continue;
      parameters.push(IF_NONE_MATCH);
      operation.responses['304'] = {
        description: STATUS_DESCRIPTIONS[304],
        headers: responseHeaders({ status: 304, isPublic: operation.security.length === 0 }),
      };
    }
  }
}
