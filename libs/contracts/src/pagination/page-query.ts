import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type PageRequest } from './paginate';

/** Query values are strings; only a plain integer string becomes a number (`page[]=1` stays an array and fails). */
const integerString = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/** `page` and `per_page` query parameters (strings on the wire). */
export class PageQuery {
  @IsOptional()
  @Transform(integerString)
  @IsInt({ message: 'The page must be an integer.' })
  @Min(1, { message: 'The page must be at least 1.' })
  @Max(1_000_000, { message: 'The page may not be greater than 1000000.' })
  page?: number;

  @IsOptional()
  @Transform(integerString)
  @IsInt({ message: 'The per_page must be an integer.' })
  @Min(1, { message: 'The per_page must be at least 1.' })
  @Max(MAX_PER_PAGE, { message: `The per_page may not be greater than ${MAX_PER_PAGE}.` })
  per_page?: number;

  toPageRequest(): PageRequest {
    return { page: this.page ?? 1, per_page: this.per_page ?? DEFAULT_PER_PAGE };
  }
}
