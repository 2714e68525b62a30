import { documented } from '@shipping/contracts';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const time = (description: string) => ({ type: 'string', format: 'date-time', description });
const none: PropertyDecorator = () => undefined;

/** The window of an audit export: one stream, events written from and to a time (ISO 8601). */
export class AccountAuditExportQuery {
  @documented(
    { presence: 'optional' },
    { type: 'string', maxLength: 200, description: 'Only this stream of the account.' },
    none,
  )
  @IsOptional()
  @MaxLength(200, { message: 'The stream may be at most 200 characters.' })
  @IsString({ message: 'The stream must be a stream name.' })
  stream?: string;

  @documented({ presence: 'optional' }, time('Only events written at or after this time.'), none)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'The from must be a time (ISO 8601).' })
  from?: string;

  @documented({ presence: 'optional' }, time('Only events written at or before this time.'), none)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'The to must be a time (ISO 8601).' })
  to?: string;
}

/** An admin export names the account. */
export class AdminAuditExportQuery extends AccountAuditExportQuery {
  @documented(
    {},
    { type: 'string', pattern: '^acct_[A-Za-z0-9_-]{1,64}$', description: 'The account whose bundle it is.' },
    none,
  )
  @Matches(/^acct_[A-Za-z0-9_-]{1,64}$/, { message: 'The account must be an account id (acct_...).' })
  @IsString({ message: 'The account must be an account id (acct_...).' })
  account!: string;
}
