import { SetMetadata } from '@nestjs/common';

export const OMITTED_FROM_REPLAY = 'shipping:omitted-from-replay';

/**
 * Secrets in a handler's answer (a webhook endpoint's signing secret, a new API key): no
 * idempotency store keeps a copy of them, so the first answer carries them and a replay of it
 * answers without them, saying so (replayNotice).
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

/** The named fields `value` has, when it is an object. */
export function fieldsPresent(value: unknown, fields: readonly string[]): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return fields.filter((field) => field in value);
}

/** The message of a replayed answer that left out these fields of the first one. */
export function replayNotice(fields: readonly string[]): string {
  const named = fields.map((field) => `\`${field}\``).join(' and ');
  return `This repeats an earlier answer to the same Idempotency-Key without its ${named}: a secret is shown in the first answer only and is not shown again.`;
}
