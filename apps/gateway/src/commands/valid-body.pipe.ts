import { type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { validateRequest, ValidationFailed } from '@shipping/contracts';
import { ValidQueries } from './valid-queries';

/** Validates a body (or query) against a request class; failures become the 422 field map. */
export class Valid<T extends object> implements PipeTransform<unknown, T> {
  private readonly queries = new ValidQueries<T>();

  constructor(private readonly cls: new () => T) {}

  transform(value: unknown, metadata?: ArgumentMetadata): T {
    const isQuery = metadata?.type === 'query';
    const known = isQuery ? this.queries.get(value) : undefined;
    if (known) return known;
    const result = validateRequest(this.cls, value ?? {});
    if (!result.ok) throw new ValidationFailed(result.errors);
    if (isQuery) this.queries.remember(value, result.value);
    return result.value;
  }
}
