import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, any> }>> };

export interface Operation {
  method: string;
  /** The path template, `/batches/{batchId}`. */
  path: string;
  pattern: RegExp;
  operation: any;
}

/**
 * Checks answers against an OpenAPI 3.1 document: the body of each status must match the schema
 * the document gives for that route and status, and a status the route does not document fails.
 */
export function openApiContract(document: OpenApi) {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema(document, 'openapi.json');
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
      pattern: new RegExp(`^${path.replace(/\{key\}/, '.+').replace(/\{\w+\}/g, '[^/]+')}$`),
    })),
  );
  const pointer = (...parts: string[]) =>
    `openapi.json#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

  return {
    operations,
    /** Undefined when the answer keeps the contract, else why it does not. */
    violation(method: string, rawPath: string, status: number, body: unknown): string | undefined {
      // The gateway routes `/batches/` as `/batches`.
      const path = rawPath.split('?')[0].replace(/(.)\/+$/, '$1');
      const found = operations.find(
        (candidate) => candidate.method === method && candidate.pattern.test(path),
      );
      if (!found) return `${method} ${path} is not documented`;
      const response = found.operation.responses[String(status)];
      if (!response) return `${method} ${found.path} does not document ${status}`;
      if (!response.content?.['application/json']) return undefined;
      const validate = ajv.getSchema(
        pointer(
          'paths',
          found.path,
          found.method.toLowerCase(),
          'responses',
          String(status),
          'content',
          'application/json',
          'schema',
        ),
      );
      if (!validate) return `no schema for ${method} ${found.path} ${status}`;
      return validate(body)
        ? undefined
        : `${method} ${found.path} ${status}: ${ajv.errorsText(validate.errors)}`;
    },
  };
}
