import type { Exchange, OpenApiConformance } from './openapi-conformance';

/**
 * What apiClient and the typed client of `testClient` check while a spec file has switched conformance on: every exchange with a
 * gateway against the document that gateway serves at /openapi.json, fetched once per address.
 */
const documents = new Map<string, Promise<OpenApiConformance | undefined>>();
const violations: string[] = [];
/** Addresses whose /openapi.json answered only 5xx so far: their exchanges went unchecked. */
const withoutDocument = new Set<string>();
let enabled = false;
let checked = 0;

/** Checks every apiClient exchange from here on (e2e and contract specs switch it on in setup). */
export function enableOpenApiConformance(): void {
  enabled = true;
}

/** How many exchanges were checked against a served document since the spec file started. */
export function checkedOpenApiExchanges(): number {
  return checked;
}

/**
 * The gateways exchanged with whose document never came (each /openapi.json asked answered 5xx):
 * a spec file whose in-process gateway serves none would otherwise pass with nothing checked.
 */
export function gatewaysWithoutDocument(): string[] {
  return [...withoutDocument];
}

/** The violations seen since the last call, emptied. */
export function takeOpenApiViolations(): string[] {
  return violations.splice(0);
}

export async function checkExchange(baseUrl: string, exchange: Exchange): Promise<void> {
  if (!enabled) return;
  const conformance = await documentOf(baseUrl);
  if (conformance) checked++;
  const violation = conformance?.violation(exchange);
  if (violation) violations.push(`${violation} (${exchange.method} ${exchange.url.slice(0, 200)})`);
}

function documentOf(baseUrl: string): Promise<OpenApiConformance | undefined> {
  let document = documents.get(baseUrl);
  if (!document) {
    document = loadDocument(baseUrl);
    documents.set(baseUrl, document);
  }
  return document;
}

/**
 * Undefined for an address that serves no document (a webhook receiver, a carrier mock). A gateway
 * that cannot answer yet (not listening, or a 5xx while it starts) is asked again at the next
 * exchange: kept as "no document", every later exchange of the spec file would go unchecked.
 */
async function loadDocument(baseUrl: string): Promise<OpenApiConformance | undefined> {
  // openapi-backend loads with the first exchange checked, not in every spec file that imports the testing library
  // (required, not import()ed: TypeScript checks an import() as an ES import, decision 149).
  const { OpenApiConformance: conformance } =
    require('./openapi-conformance') as typeof import('./openapi-conformance');
  try {
    const response = await fetch(`${baseUrl}/openapi.json`);
    if (response.status >= 500) {
      await response.body?.cancel();
      documents.delete(baseUrl);
      withoutDocument.add(baseUrl);
      return undefined;
    }
    withoutDocument.delete(baseUrl);
    const document = (await response.json().catch(() => ({}))) as { openapi?: string };
    if (!response.ok || !document.openapi) return undefined;
    return await conformance.of(document);
  } catch {
    documents.delete(baseUrl);
    return undefined;
  }
}
