import { NotFound, WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE } from '@shipping/contracts';

/** A path parameter as an endpoint id; anything else names no endpoint. */
export function endpointId(param: unknown): number {
  const id = typeof param === 'string' && /^[1-9]\d{0,14}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id)) throw new NotFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE);
  return id;
}
