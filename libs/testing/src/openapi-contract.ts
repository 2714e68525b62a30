type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, any> }>> };

export interface Operation {
  method: string;
  /** The path template, `/batches/{batchId}`. */
  path: string;
  pattern: RegExp;
  operation: any;
}

/**
 * What the conformance check (openapi-backend, see conformance-check.ts) does not look at: that a
 * failure's message is one the document quotes for its route and status, and that every header
 * the document marks required was sent. The body's schema and the status are that check's.
 */
export function openApiContract(document: OpenApi) {
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
      pattern: new RegExp(`^${path.replace(/\{key\}/, '.+').replace(/\{\w+\}/g, '[^/]+')}$`),
    })),
  );
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
  };
}
