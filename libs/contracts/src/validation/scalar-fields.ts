import { isCountryCode } from '@shipping/reference-data';
import { isEmail } from 'class-validator';
import { documented } from './api-schema';
import { type Check, field, type FieldOptions } from './field';
import {
  isDateYmd,
  isDigitsBetween,
  isFiniteNumber,
  isInteger,
  isString,
  isTimeHi,
  isWellFormed,
} from './formats';
import { messages } from './messages';

export const DEFAULT_MAX_LENGTH = 255;

/** Largest id an integer column holds. */
export const MAX_ID = 2_147_483_647;

const stringChecks = (max: number): Check[] => [
  { name: 'string', test: isString, message: messages.string },
  {
    name: 'max_length',
    test: (value) => isString(value) && value.length <= max,
    message: messages.maxChars(max),
  },
];

export function StringField(options: FieldOptions & { max?: number } = {}): PropertyDecorator {
  const max = options.max ?? DEFAULT_MAX_LENGTH;
  return documented(options, { type: 'string', maxLength: max }, field(options, stringChecks(max)));
}

export function IntegerField(options: FieldOptions & { min?: number; max?: number } = {}): PropertyDecorator {
  const { min, max } = options;
  const schema = { type: 'integer', minimum: min, maximum: max };
  return documented(
    options,
    schema,
    field(options, [
      { name: 'integer', test: isInteger, message: messages.integer },
      ...(min === undefined
        ? []
        : [
            {
              name: 'min',
              test: (value: unknown) => isInteger(value) && value >= min,
              message: messages.min(min),
            },
          ]),
      ...(max === undefined
        ? []
        : [
            {
              name: 'max',
              test: (value: unknown) => isInteger(value) && value <= max,
              message: messages.max(max),
            },
          ]),
    ]),
  );
}

export function NumberField(
  options: FieldOptions & { min?: number; greaterThan?: number; max?: number } = {},
): PropertyDecorator {
  const { min, greaterThan, max } = options;
  const schema = { type: 'number', minimum: min, exclusiveMinimum: greaterThan, maximum: max };
  return documented(
    options,
    schema,
    field(options, [
      { name: 'number', test: isFiniteNumber, message: messages.number },
      ...(min === undefined
        ? []
        : [
            {
              name: 'min',
              test: (value: unknown) => isFiniteNumber(value) && value >= min,
              message: messages.min(min),
            },
          ]),
      ...(greaterThan === undefined
        ? []
        : [
            {
              name: 'gt',
              test: (value: unknown) => isFiniteNumber(value) && value > greaterThan,
              message: messages.greaterThan(greaterThan),
            },
          ]),
      ...(max === undefined
        ? []
        : [
            {
              name: 'max',
              test: (value: unknown) => isFiniteNumber(value) && value <= max,
              message: messages.max(max),
            },
          ]),
    ]),
  );
}

export function BooleanField(options: FieldOptions = {}): PropertyDecorator {
  return documented(
    options,
    { type: 'boolean' },
    field(options, [
      { name: 'boolean', test: (value) => typeof value === 'boolean', message: messages.boolean },
    ]),
  );
}

/**
 * A code from a fixed list or from reference data: `The selected <field> is invalid.` otherwise.
 * A predicate over reference data names the codes it accepts today in `codes`, for the `enum`.
 */
export function InField(
  allowed: readonly string[] | { test: (value: unknown) => boolean; codes: readonly string[] },
  options: FieldOptions = {},
): PropertyDecorator {
  const known =
    'test' in allowed ? allowed.test : (value: unknown) => isString(value) && allowed.includes(value);
  const schema = { type: 'string', enum: ['test' in allowed ? allowed.codes : allowed].flat() };
  return documented(options, schema, field(options, [{ name: 'in', test: known, message: messages.in }]));
}

export function CountryField(options: FieldOptions = {}): PropertyDecorator {
  return documented(
    options,
    { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code.' },
    field(options, [
      { name: 'string', test: isString, message: messages.string },
      { name: 'country', test: isCountryCode, message: messages.country },
    ]),
  );
}

export function DateField(
  options: FieldOptions & { formatMessage?: string; schema?: Record<string, unknown> } = {},
): PropertyDecorator {
  return documented(
    options,
    options.schema ?? { type: 'string', format: 'date', example: '2026-12-01' },
    field(options, [
      { name: 'string', test: isString, message: messages.string },
      { name: 'date_format', test: isDateYmd, message: options.formatMessage ?? messages.date },
    ]),
  );
}

export function TimeField(options: FieldOptions = {}): PropertyDecorator {
  return documented(
    options,
    { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', example: '09:00' },
    field(options, [
      { name: 'string', test: isString, message: messages.string },
      { name: 'time_format', test: isTimeHi, message: messages.time },
    ]),
  );
}

/** Digits only, no spaces or signs ("special characters are avoided"). */
export function DigitsField(min: number, max: number, options: FieldOptions = {}): PropertyDecorator {
  return documented(
    options,
    { type: 'string', pattern: `^\\d{${min},${max}}$` },
    field(options, [
      { name: 'string', test: isString, message: messages.string },
      {
        name: 'digits_between',
        test: (value) => isDigitsBetween(value, min, max),
        message: messages.digitsBetween(min, max),
      },
    ]),
  );
}

export function EmailField(options: FieldOptions = {}): PropertyDecorator {
  return documented(
    options,
    { type: 'string', format: 'email', maxLength: DEFAULT_MAX_LENGTH },
    field(options, [
      ...stringChecks(DEFAULT_MAX_LENGTH),
      // isEmail throws on text that is not well-formed Unicode; such text is no email address.
      {
        name: 'email',
        test: (value) => isString(value) && isWellFormed(value) && isEmail(value),
        message: messages.email,
      },
    ]),
  );
}
