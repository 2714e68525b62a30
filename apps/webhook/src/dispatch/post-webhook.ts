import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './target-guard';

export interface PostOutcome {
  /** Null when no response came. */
  statusCode: number | null;
  error: string | null;
}

export interface WebhookPost {
  url: URL;
  /** The addresses the guard checked: the connection goes to one of them and nowhere else. */
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Answers the checked addresses instead of asking DNS again (no rebinding between check and connect). */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = addresses.filter(({ family }) => !options.family || options.family === family);
    const usable = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (error: null, all: ResolvedAddress[]) => void)(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

/**
 * One POST; the outcome is the response status, or the reason none came in time. Redirects are
 * not followed (a 3xx is a failed attempt): following one would reach a target nobody checked.
 */
export function postWebhook({ url, addresses, headers, body, timeoutMs }: WebhookPost): Promise<PostOutcome> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        agent: false,
      },
      (response) => {
        settle({ statusCode: response.statusCode ?? null, error: null });
        // The answer's body is not read; the connection is not kept.
        response.destroy();
      },
    );
    const timer = setTimeout(() => {
      settle({ statusCode: null, error: `no response within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ statusCode: null, error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    req.end(body);
  });
}
