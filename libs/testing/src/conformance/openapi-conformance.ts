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
      const errors = (requestCheck.errors ?? []).filter((error) => !knownGap(route, request.body, error));
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
 * What the server accepts on purpose and the document does not say yet: a null in an optional
 * field (read as absent), an address sent beside the id that takes priority over it, and batch
 * shipments, each validated after the batch is created (an invalid one becomes an invalid item,
 * as the interface's batch life cycle says).
 */
function knownGap(route: string, body: unknown, error: { instancePath: string }): boolean {
  if (route.startsWith('POST /batches ') && error.instancePath.startsWith('/requestBody/batch_shipments/'))
    return true;
  const steps = error.instancePath.split('/').slice(2);
  if (addressGivenById(body, steps)) return true;
  let parent: any = body;
  for (const step of steps.slice(0, -1)) parent = parent?.[step];
  const isField = parent && typeof parent === 'object' && !Array.isArray(parent);
  return isField && steps.length > 0 && parent[steps[steps.length - 1]] === null;
}

/**
 * An address sent beside its id (`from_address` with `from_address_id`): the id takes priority, as
 * the interface says, and the address is not read, so it is not validated either.
 */
function addressGivenById(body: unknown, steps: string[]): boolean {
  let parent: any = body;
  for (const step of steps) {
    if (/_address$/.test(step) && parent && typeof parent === 'object' && parent[`${step}_id`] != null)
      return true;
    parent = parent?.[step];
  }
  return false;
}

const lowerCaseKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const describe = (errors: { instancePath: string; message?: string }[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`)
    .join('; ');
