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

  const responseOf = (method: string, rawPath: string, status: number) => {
    const path = rawPath.split('?')[0].replace(/(.)\/+$/, '$1');
    const found = operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    return found && { path: found.path, response: found.operation.responses[String(status)] };
  };

  return {
    operations,
    /**
     * Undefined when a failure's message is one the document quotes for its route and status (an
     * example's message, or its `x-message-pattern` where parts vary), else why it is not.
     */
    messageViolation(method: string, rawPath: string, status: number, body: unknown): string | undefined {
      const found = responseOf(method, rawPath, status);
      const message = (body as { message?: unknown } | undefined)?.message;
      if (!found?.response || status < 400 || typeof message !== 'string') return undefined;
      const examples = Object.values(found.response.content?.['application/json']?.examples ?? {}) as {
        value: { message: string };
        'x-message-pattern'?: string;
      }[];
      const quoted = examples.some(
        (example) =>
          example.value.message === message ||
          (example['x-message-pattern'] !== undefined &&
            new RegExp(example['x-message-pattern']).test(message)),
      );
      return quoted
        ? undefined
        : `${method} ${found.path} ${status} answered a message it does not quote: ${message}`;
    },
    /** Undefined when every header the document marks required for the answer was sent. */
    headerViolation(method: string, rawPath: string, status: number, headers: Headers): string | undefined {
      const found = responseOf(method, rawPath, status);
      if (!found?.response) return undefined;
      type Header = { $ref?: string; required?: boolean };
      const components = (document as { components?: { headers?: Record<string, Header> } }).components;
      const missing = Object.entries((found.response.headers ?? {}) as Record<string, Header>)
        .filter(([, header]) =>
          header.$ref === undefined
            ? header.required
            : components?.headers?.[header.$ref.split('/').pop() as string]?.required,
        )
        .map(([name]) => name)
        .filter((name) => !headers.has(name));
      return missing.length === 0
        ? undefined
        : `${method} ${found.path} ${status} did not send ${missing.join(', ')}`;
    },
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
