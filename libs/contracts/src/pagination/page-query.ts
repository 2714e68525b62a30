import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { documented } from '../validation/api-schema';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type PageRequest } from '@shipping/contracts-core';

/** Query values are strings; only a plain integer string becomes a number (`page[]=1` stays an array and fails). */
const integerString = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/**
 * `page` and `per_page` query parameters (strings on the wire). Decorators run bottom-up and the
 * first failure is reported, so `abc` is told it is no integer rather than too large.
 */
export class PageQuery {
  @documented(
    { presence: 'optional' },
    { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    () => undefined,
  )
  @IsOptional()
  @Transform(integerString)
  @Max(1_000_000, { message: 'The page may not be greater than 1000000.' })
  @Min(1, { message: 'The page must be at least 1.' })
  @IsInt({ message: 'The page must be an integer.' })
  page?: number;

  @documented(
    { presence: 'optional' },
    { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
    () => undefined,
  )
  @IsOptional()
  @Transform(integerString)
  @Max(MAX_PER_PAGE, { message: `The per_page may not be greater than ${MAX_PER_PAGE}.` })
  @Min(1, { message: 'The per_page must be at least 1.' })
  @IsInt({ message: 'The per_page must be an integer.' })
  per_page?: number;

  toPageRequest(): PageRequest {
    return { page: this.page ?? 1, per_page: this.per_page ?? DEFAULT_PER_PAGE };
  }
}
