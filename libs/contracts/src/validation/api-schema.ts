import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { FieldOptions } from './field';

/**
 * The OpenAPI description of a field, derived from the same options as its validation rules, so
 * a limit is written once. A field whose presence depends on its siblings is documented as
 * optional with the condition in words: a JSON Schema cannot say "required when carrier is fedex"
 * in a way clients read.
 */
export function documented(
  options: Pick<FieldOptions, 'presence'>,
  schema: Record<string, unknown> & { description?: string },
  validation: PropertyDecorator,
): PropertyDecorator {
  const { presence = 'required' } = options;
  const conditional = typeof presence === 'function';
  const property = ApiProperty({
    ...schema,
    required: presence === 'required',
    ...(conditional ? { description: joined(schema.description, 'Required under a condition.') } : {}),
    ...(presence === 'prohibited' ? { description: joined(schema.description, 'Not accepted here.') } : {}),
  } as ApiPropertyOptions);
  return (target, key) => {
    property(target, key);
    validation(target, key);
  };
}

const joined = (first: string | undefined, second: string) => (first ? `${first} ${second}` : second);
