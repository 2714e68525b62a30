import { Transform } from 'class-transformer';
import { DateField, FIELD_SCHEMAS, type FieldOptions, isDateYmd } from '../../validation';

export const DATE_MESSAGE = 'The :attribute must be a date in the format Y-m-d or m/d/Y.';

const MONTH_FIRST = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The document names both forms the field takes, so a client sending the samples' form keeps it. */
const PICKUP_DATE_SCHEMA = {
  type: 'string',
  pattern: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}/\\d{2}/\\d{4})$',
  example: '2026-12-01',
  description: 'Y-m-d, or m/d/Y as the samples send it.',
};

/**
 * Pickup dates arrive as `Y-m-d` (the listing) or `m/d/Y` (what the samples send); the month-first
 * form is read as the same day in `Y-m-d`, and only a real calendar day passes.
 */
export function PickupDateField(options: FieldOptions = {}): PropertyDecorator {
  const toYmd = Transform(({ value }) => {
    const match = typeof value === 'string' ? MONTH_FIRST.exec(value) : null;
    if (!match) return value;
    const ymd = `${match[3]}-${match[1]}-${match[2]}`;
    return isDateYmd(ymd) ? ymd : value;
  });
  return (target, property) => {
    DateField({ formatMessage: DATE_MESSAGE, schema: PICKUP_DATE_SCHEMA, ...options })(target, property);
    toYmd(target, property);
    // Documented as the two forms it takes, not as a JSON Schema `date` (which is Y-m-d only).
    const fields = FIELD_SCHEMAS.get(target);
    const { format: _format, ...schema } = fields?.get(String(property)) ?? { required: false };
    fields?.set(String(property), {
      ...schema,
      pattern: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}/\\d{2}/\\d{4})$',
      description: ['A date, `Y-m-d` or month-first `m/d/Y`.', schema.description].filter(Boolean).join(' '),
    });
  };
}
