import type { AsOf } from '@shipping/contracts-core';
import { documented } from '../validation/api-schema';
import { field } from '../validation/field';
import { isString } from '../validation/formats';

const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
/** A 64-bit stream revision at most (19 digits). */
const REVISION = /^\d{1,19}$/;

/** Milliseconds since the epoch of an RFC 3339 date-time; undefined for anything else (`2026-02-30`, `24:00`). */
export function rfc3339Millis(text: string): number | undefined {
  const match = RFC_3339.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [Number(match[8] ?? 0), Number(match[9] ?? 0)];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const dateExists = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  if (!dateExists || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59)
    return undefined;
  return Date.parse(text.toUpperCase());
}

/** The moment an `as_of` value names: a revision, or a time in UTC to the millisecond. Undefined when it names none. */
export function parseAsOf(value: string): AsOf | undefined {
  if (REVISION.test(value))
    return BigInt(value) < 2n ** 63n ? { revision: BigInt(value).toString() } : undefined;
  const millis = rfc3339Millis(value);
  return millis === undefined ? undefined : { time: new Date(millis).toISOString() };
}

const FORMAT_MESSAGE = 'The as_of must be an RFC 3339 time or a stream revision (a non-negative integer).';
const FUTURE_MESSAGE = 'The as_of must not be a time in the future.';

/** `as_of`: an RFC 3339 time not in the future, or a non-negative stream revision. */
export function AsOfField(): PropertyDecorator {
  return documented(
    { presence: 'optional' },
    {
      type: 'string',
      description:
        'Answer as of this moment: an RFC 3339 time (not in the future) or a stream revision (a ' +
        'non-negative integer); the revision the answer was built from is in `Stream-Revision`.',
      example: '2026-11-28T09:00:00Z',
    },
    field({ presence: 'optional' }, [
      { name: 'string', test: isString, message: FORMAT_MESSAGE },
      { name: 'as_of', test: (value) => parseAsOf(value as string) !== undefined, message: FORMAT_MESSAGE },
      {
        name: 'as_of_past',
        test: (value) => {
          const asOf = parseAsOf(value as string);
          return asOf !== undefined && ('revision' in asOf || Date.parse(asOf.time) <= Date.now());
        },
        message: FUTURE_MESSAGE,
      },
    ]),
  );
}

/** Query of `GET /account`: an optional moment to answer as of. */
export class AsOfQuery {
  @AsOfField()
  as_of?: string;

  /** The moment asked for; undefined for a read of now. */
  moment(): AsOf | undefined {
    return this.as_of === undefined ? undefined : parseAsOf(this.as_of);
  }
}
