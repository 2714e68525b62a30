import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { FIELD_SCHEMAS } from '@shipping/contracts';

const applied = new WeakSet<object>();

/**
 * Turns the field descriptions the request classes record (see `documented` in the contracts)
 * into `@ApiProperty` metadata, once per class, so `SwaggerModule` reads them like decorators.
 */
export function applyFieldSchemas(): void {
  for (const [prototype, fields] of FIELD_SCHEMAS) {
    if (applied.has(prototype)) continue;
    applied.add(prototype);
    for (const [key, schema] of fields) ApiProperty(schema as ApiPropertyOptions)(prototype, key);
  }
}
