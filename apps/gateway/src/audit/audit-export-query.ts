import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** The window of an audit export: one stream, events written from and to a time (ISO 8601). */
export class AccountAuditExportQuery {
  @IsOptional()
  @MaxLength(200, { message: 'The stream may be at most 200 characters.' })
  @IsString({ message: 'The stream must be a stream name.' })
  stream?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'The from must be a time (ISO 8601).' })
  from?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'The to must be a time (ISO 8601).' })
  to?: string;
}

/** An admin export names the account. */
export class AdminAuditExportQuery extends AccountAuditExportQuery {
  @Matches(/^acct_[A-Za-z0-9_-]{1,64}$/, { message: 'The account must be an account id (acct_...).' })
  @IsString({ message: 'The account must be an account id (acct_...).' })
  account!: string;
}
