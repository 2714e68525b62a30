import { SetMetadata } from '@nestjs/common';

export const OMITTED_FROM_REPLAY = 'shipping:omitted-from-replay';

/**
 * Fields of a handler's answer that no idempotency store keeps a copy of (a webhook endpoint's
 * signing secret): the first answer carries them, a replay of it answers without them.
 */
export const OmittedFromReplay = (...fields: string[]): MethodDecorator =>
  SetMetadata(OMITTED_FROM_REPLAY, fields);

/** The fields a handler marked with @OmittedFromReplay, if any. */
export function omittedFromReplay(handler: object): readonly string[] {
  return (Reflect.getMetadata(OMITTED_FROM_REPLAY, handler) as string[] | undefined) ?? [];
}

/** `value` without the named top-level fields, when it is an object; anything else as it is. */
export function withoutFields<T>(value: T, fields: readonly string[]): T {
  if (fields.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value))
    return value;
  const copy = { ...value } as Record<string, unknown>;
  for (const field of fields) delete copy[field];
  return copy as T;
}
