import type { Request } from 'express';
import type { PageLinks } from '@shipping/contracts';

/** Absolute page URLs of the listing the request asked for, keeping its filters. */
export function listingLinks(request: Request, query: PageLinks['query'] = {}): PageLinks {
  return { path: `${request.protocol}://${request.get('host') ?? 'localhost'}${request.path}`, query };
}
