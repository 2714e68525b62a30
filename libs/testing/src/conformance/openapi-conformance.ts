import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Request as OpenApiRequest } from 'openapi-backend';

/** One request and its answer as an e2e client saw them. */
export interface Exchange {
  method: string;
  /** Path and query, as sent: `/batches/b_1?per_page=2`. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  contentType: string | null;
  responseBody: unknown;
}

/** Statuses any route may answer without listing them: not modified, throttled, unavailable. */
const UNLISTED_STATUSES = new Set([304, 429, 503]);

/**
 * Checks exchanges against the OpenAPI document a gateway serves, with openapi-backend's router
 * and validators (Ajv under them). An answer must be documented for its route and keep that
 * status's schema; a request the document forbids must not be answered with a success.
 */
export class OpenApiConformance {
  private constructor(private readonly api: OpenAPIBackend) {}

  static async of(document: object): Promise<OpenApiConformance> {
    const api = new OpenAPIBackend({
      definition: structuredClone(document) as never,
      // The document is checked as OpenAPI 3.1 by its own spec; this validator knows only 3.0's
      // meta-schema, so it is told not to check the document again.
      quick: true,
      strict: false,
      validate: true,
      ajvOpts: { strict: false, allErrors: true },
      customizeAjv: (ajv) => addFormats(ajv as never) as never,
    });
    await api.init();
    return new OpenApiConformance(api);
  }

  /** Whether the document refuses the request outright (its route, parameters or body). */
  forbids(exchange: Pick<Exchange, 'method' | 'url' | 'headers' | 'body'>): boolean {
    const { request, operation } = this.match(exchange);
    return !operation || !this.requestErrors(request, operation).valid;
  }

  /** Why the exchange breaks the document, or undefined when it keeps it. */
  violation(exchange: Exchange): string | undefined {
    const { request, operation } = this.match(exchange);
    // Routes outside the document (the dashboard, /docs, /openapi.json) are not the API's.
    if (!operation) return undefined;
    const route = `${exchange.method.toUpperCase()} ${operation.path} ${exchange.status}`;
    const documented = operation.responses?.[String(exchange.status)] as
      { content?: Record<string, unknown> } | undefined;
    if (!documented) {
      return UNLISTED_STATUSES.has(exchange.status) ? undefined : `${route} is not documented`;
    }
    if (exchange.status < 300) {
      const requestCheck = this.requestErrors(request, operation);
      const requestSchema = (operation.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content?.['application/json']?.schema;
      const errors = (requestCheck.errors ?? []).filter(
        (error) => !knownGap(route, request.body, error, requestSchema),
      );
      if (errors.length > 0) return `${route} accepted a request the document forbids: ${describe(errors)}`;
    }
    if (!documented.content?.['application/json']) return undefined;
    if (!exchange.contentType?.includes('json')) return `${route} answered ${exchange.contentType} not JSON`;
    const responseCheck = this.api.validateResponse(exchange.responseBody, operation, exchange.status);
    return responseCheck.valid ? undefined : `${route} answer: ${describe(responseCheck.errors)}`;
  }

  /** A path parameter that is no URI text (`%zz`) breaks the document's parameter parsing too. */
  private requestErrors(
    request: OpenApiRequest,
    operation: Parameters<OpenAPIBackend['validateRequest']>[1],
  ) {
    try {
      return this.api.validateRequest(request, operation);
    } catch (error) {
      return { valid: false, errors: [{ instancePath: '/path', message: String(error) }] };
    }
  }

  private match(exchange: Pick<Exchange, 'method' | 'url' | 'headers' | 'body'>) {
    const [pathname, search = ''] = exchange.url.split('?');
    const request: OpenApiRequest = {
      method: exchange.method.toLowerCase(),
      path: pathname.replace(/(.)\/+$/, '$1'),
      query: search,
      headers: lowerCaseKeys(exchange.headers),
      body: exchange.body,
    };
    try {
      return { request, operation: this.api.matchOperation(request) };
    } catch {
      return { request, operation: undefined }; // a path no route parses (`%zz`)
    }
  }
}

/**
 * What the server accepts on purpose and the document describes in words only: batch shipments,
 * each validated after the batch is created (an invalid one becomes an invalid item, as the
 * interface's batch life cycle says), and a field the document marks `x-ignored-beside` a sibling
 * that takes priority (an address sent beside its saved id), which is neither read nor validated.
 */
function knownGap(
  route: string,
  body: unknown,
  error: { instancePath: string },
  requestSchema: Schema | undefined,
): boolean {
  if (route.startsWith('POST /batches ') && error.instancePath.startsWith('/requestBody/batch_shipments/'))
    return true;
  return ignoredBesideSibling(body, error.instancePath.split('/').slice(2), requestSchema);
}

type Schema = Record<string, any>;

/** Whether the path runs through a field the document says is ignored beside a sibling that was sent. */
function ignoredBesideSibling(body: unknown, steps: string[], schema: Schema | undefined): boolean {
  let value: any = body;
  let current = schema;
  for (const step of steps) {
    current = valueSchema(current);
    const child: Schema | undefined = Array.isArray(value) ? current?.items : current?.properties?.[step];
    const sibling = child?.['x-ignored-beside'];
    if (typeof sibling === 'string' && value?.[sibling] !== undefined && value?.[sibling] !== null)
      return true;
    value = value?.[step];
    current = child;
  }
  return false;
}

/** The schema of a value rather than of its null, or of its single `allOf` part. */
function valueSchema(schema: Schema | undefined): Schema | undefined {
  if (schema?.allOf?.length === 1) return valueSchema(schema.allOf[0]);
  const parts = schema?.anyOf?.filter((part: Schema) => part.type !== 'null');
  return parts?.length === 1 ? valueSchema(parts[0]) : schema;
}

const lowerCaseKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const describe = (errors: { instancePath: string; message?: string }[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`)
    .join('; ');
