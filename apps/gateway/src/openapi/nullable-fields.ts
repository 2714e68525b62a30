import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;

/** Keywords that describe a field rather than constrain its value: they stay beside the `anyOf`. */
const ANNOTATIONS = new Set(['description', 'default', 'example', 'examples', 'title', 'deprecated']);

/**
 * A field that reads a null as absent (an optional field, see `field()` in the contracts) in
 * OpenAPI 3.1's words: `anyOf: [<its schema>, {type: 'null'}]`, as the answers' nullable fields
 * are written. Nest writes OpenAPI 3.0's `nullable: true`, which 3.1 validators ignore.
 */
export function nullableAsAnyOf(schema: Schema): Schema {
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, ...rest } = schema;
  const annotations: Schema = {};
  const value: Schema = {};
  for (const [key, part] of Object.entries(rest)) {
    (ANNOTATIONS.has(key) || key.startsWith('x-') ? annotations : value)[key] = part;
  }
  const allOf = value.allOf as Schema[] | undefined;
  // Nest writes a nullable reference as `type: object, allOf: [{$ref}]`.
  const single = allOf?.length === 1 && Object.keys(value).every((key) => key === 'allOf' || key === 'type');
  // A field of alternatives (`anyOf` alone) takes null as one more.
  const alternatives = Object.keys(value).every((key) => key === 'anyOf' || key === 'type')
    ? (value.anyOf as Schema[] | undefined)
    : undefined;
  if (alternatives) return { ...annotations, anyOf: [...alternatives, { type: 'null' }] };
  return { ...annotations, anyOf: [single ? allOf[0] : value, { type: 'null' }] };
}

/** Every request field and parameter of the document as `nullableAsAnyOf` writes it. */
export function describeNullableFields(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {}) as Schema[]) {
    const properties = schema.properties as Record<string, Schema> | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      properties![name] = nullableAsAnyOf(property);
    }
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { parameters?: { schema?: Schema }[] }[]) {
      // A parameter is text: it cannot be null, only left out.
      for (const parameter of operation.parameters ?? []) delete parameter.schema?.nullable;
    }
  }
}
