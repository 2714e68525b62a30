import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

/** Variables whose values are secrets: an error names them, never shows them. */
const SECRET_NAME = /PASSWORD|SECRET|_KEYS?$/;

const shown = (property: string, value: unknown) =>
  SECRET_NAME.test(property) ? `${property} (value not shown)` : `${property}=${JSON.stringify(value)}`;

/**
 * Reads environment variables into a config class (class-validator decorators name the rules);
 * every invalid variable is reported at once, by name, before anything starts.
 */
export function validateConfig<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const config = plainToInstance(
    cls,
    { ...env },
    { enableImplicitConversion: true, excludeExtraneousValues: false },
  );
  const errors = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigurationError(
      errors.map(
        (error) =>
          `${shown(error.property, error.value)}: ${Object.values(error.constraints ?? {}).join('; ')}`,
      ),
    );
  }
  return config;
}
