import { type Exchange, OpenApiConformance } from './openapi-conformance';

/**
 * What apiClient and the typed client of `testClient` check while a spec file has switched conformance on: every exchange with a
 * gateway against the document that gateway serves at /openapi.json, fetched once per address.
 */
const documents = new Map<string, Promise<OpenApiConformance | undefined>>();
const violations: string[] = [];
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

/** Undefined for an address that serves no document (a webhook receiver, a carrier mock). */
async function loadDocument(baseUrl: string): Promise<OpenApiConformance | undefined> {
  try {
    const response = await fetch(`${baseUrl}/openapi.json`);
    const document = (await response.json()) as { openapi?: string };
    if (!response.ok || !document.openapi) return undefined;
    return await OpenApiConformance.of(document);
  } catch {
    documents.delete(baseUrl); // the gateway may not be up yet: fetch it again next time
    return undefined;
  }
}
