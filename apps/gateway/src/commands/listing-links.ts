import type { FastifyRequest } from 'fastify';
import { originOf, pathOf } from '../http/gateway-request';
import type { PageLinks } from '@shipping/contracts';

/** Absolute page URLs of the listing the request asked for, keeping its filters. */
export function listingLinks(request: FastifyRequest, query: PageLinks['query'] = {}): PageLinks {
  return { path: `${originOf(request)}${pathOf(request)}`, query };
}
