import { ApiProperty, type ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';
import { FIELD_SCHEMAS } from '@shipping/contracts';

const applied = new WeakSet<object>();
const alternatives = new Set<new () => object>();

/** The classes a field offers as alternatives (`anyOfTypes`): the document lists them as schemas. */
export const alternativeModels = (): (new () => object)[] => [...alternatives];

/**
 * Turns the field descriptions the request classes record (see `documented` in the contracts)
 * into `@ApiProperty` metadata, once per class, so `SwaggerModule` reads them like decorators.
 * A field the class initialises gets that value as its `default`: the value validation fills in.
 */
export function applyFieldSchemas(): void {
  for (const [prototype, fields] of FIELD_SCHEMAS) {
    if (applied.has(prototype)) continue;
    applied.add(prototype);
    const initial = defaultsOf(prototype);
    for (const [key, schema] of fields) {
      const value = initial[key];
      const withDefault = value === undefined || value === null ? schema : { ...schema, default: value };
      ApiProperty(withAlternatives(withDefault) as ApiPropertyOptions)(prototype, key);
    }
  }
}

function defaultsOf(prototype: object): Record<string, unknown> {
  const type = (prototype as { constructor: new () => object }).constructor;
  return new type() as Record<string, unknown>;
}

/** `anyOfTypes: () => [A, B]` as `anyOf` of their schemas: the field is one of these classes. */
function withAlternatives(schema: Record<string, unknown>): Record<string, unknown> {
  const { anyOfTypes, ...rest } = schema as { anyOfTypes?: () => (new () => object)[] };
  if (!anyOfTypes) return schema;
  const types = anyOfTypes();
  for (const type of types) alternatives.add(type);
  return { type: 'object', ...rest, anyOf: types.map((type) => ({ $ref: getSchemaPath(type) })) };
}
