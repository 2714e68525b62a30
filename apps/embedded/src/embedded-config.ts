import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { StorageConfig } from '@shipping/platform';

/** The embedded runtime: every app in one process, PGlite in DATA_DIR, the in-process transport. */
export class EmbeddedConfig extends StorageConfig {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** 127.0.0.1 by default; containers set 0.0.0.0. */
  @IsString()
  HOST = '127.0.0.1';
}
