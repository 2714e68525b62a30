import type { FieldOptions } from './field';

/** A field's description in the terms of OpenAPI's `@ApiProperty` options (JSON Schema plus `type`/`isArray`). */
export type FieldSchema = Record<string, unknown> & { description?: string; required: boolean };

/**
 * Every documented field of every request class, by the class (prototype) that declares it, in
 * declaration order. The contracts stay free of HTTP frameworks: the gateway turns these into
 * OpenAPI properties when it builds its document.
 */
export const FIELD_SCHEMAS = new Map<object, Map<string, FieldSchema>>();

/**
 * The OpenAPI description of a field, derived from the same options as its validation rules, so
 * a limit is written once. A field whose presence depends on its siblings is documented as
 * optional with the condition in words: a JSON Schema cannot say "required when carrier is fedex"
 * in a way clients read.
 */
export function documented(
  options: Pick<FieldOptions, 'presence' | 'condition' | 'requiredMessage' | 'prohibitedMessage'>,
  schema: Record<string, unknown> & { description?: string },
  validation: PropertyDecorator,
): PropertyDecorator {
  const { presence = 'required' } = options;
  const note =
    typeof presence === 'function'
      ? conditionOf(options)
      : presence === 'prohibited'
        ? 'Not accepted here.'
        : options.condition;
  const described: FieldSchema = {
    ...schema,
    required: presence === 'required',
    // field() reads a null as absent unless the field is required or filled in by the class.
    ...(presence === 'required' || presence === 'defaulted' ? {} : { nullable: true }),
    ...(note ? { description: schema.description ? `${schema.description} ${note}` : note } : {}),
  };
  return (target, key) => {
    const fields = FIELD_SCHEMAS.get(target) ?? new Map<string, FieldSchema>();
    fields.set(String(key), described);
    FIELD_SCHEMAS.set(target, fields);
    validation(target, key);
  };
}

/**
 * The condition of a field whose presence depends on its siblings, in the words its validation
 * message uses (`The :attribute field is required when :sibling(country) is US or CA.` reads
 * "Required when `country` is US or CA."), or as its `condition` says.
 */
function conditionOf(
  options: Pick<FieldOptions, 'condition' | 'requiredMessage' | 'prohibitedMessage'>,
): string {
  if (options.condition) return options.condition;
  const said = /^The :attribute field is (required|accepted) (.+)$/.exec(
    options.requiredMessage ?? options.prohibitedMessage ?? '',
  );
  if (!said) throw new Error('A field whose presence depends on its siblings needs a condition in words');
  const words = said[2].replace(/:sibling\((\w+)\)/g, '`$1`');
  return `${said[1] === 'required' ? 'Required' : 'Accepted'} ${words}`;
}
