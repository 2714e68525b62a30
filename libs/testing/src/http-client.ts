import { checkExchange } from './conformance/conformance-check';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A small JSON client for e2e tests: never throws on HTTP status, returns the parsed body. */
export function apiClient(baseUrl: string, apiKey?: string) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const sentHeaders: Record<string, string> = {
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    };
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: sentHeaders,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    await checkExchange(baseUrl, {
      method,
      url: path,
      headers: sentHeaders,
      body: typeof body === 'string' ? parseOrText(body) : body,
      status: response.status,
      contentType: response.headers.get('content-type'),
      responseBody: parsed,
    });
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body, headers),
    call,
  };
}

const parseOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Polls until `check` returns a value that is not undefined (eventually consistent read models).
 * The pause between checks grows with the wait (a tenth of it, 50 ms to 1 s): a long wait does
 * not spend the machine's cores on polls (a batch page read and checked against the document 20
 * times a second) that the work it waits for needs, and comes at most a tenth late.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((done) => setTimeout(done, pollPause(Date.now() - started)));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/** The pause before the next check, `waitedMs` into a wait. */
export const pollPause = (waitedMs: number): number =>
  Math.min(1_000, Math.max(50, Math.round(waitedMs / 10)));
