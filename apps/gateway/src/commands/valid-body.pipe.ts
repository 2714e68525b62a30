import { type PipeTransform } from '@nestjs/common';
import { validateRequest, ValidationFailed } from '@shipping/contracts';

/** Validates a body (or query) against a request class; failures become the 422 field map. */
export class Valid<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly cls: new () => T) {}

  transform(value: unknown): T {
    const result = validateRequest(this.cls, value ?? {});
    if (!result.ok) throw new ValidationFailed(result.errors);
    return result.value;
  }
}
