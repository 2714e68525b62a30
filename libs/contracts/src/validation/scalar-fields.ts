import { isCountryCode } from '@shipping/reference-data';
import { isEmail } from 'class-validator';
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
  return field(options, stringChecks(options.max ?? DEFAULT_MAX_LENGTH));
}

export function IntegerField(options: FieldOptions & { min?: number; max?: number } = {}): PropertyDecorator {
  const { min, max } = options;
  return field(options, [
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
  ]);
}

export function NumberField(
  options: FieldOptions & { min?: number; greaterThan?: number; max?: number } = {},
): PropertyDecorator {
  const { min, greaterThan, max } = options;
  return field(options, [
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
  ]);
}

export function BooleanField(options: FieldOptions = {}): PropertyDecorator {
  return field(options, [
    { name: 'boolean', test: (value) => typeof value === 'boolean', message: messages.boolean },
  ]);
}

/** A code from a fixed list or from reference data: `The selected <field> is invalid.` otherwise. */
export function InField(
  allowed: readonly string[] | ((value: unknown) => boolean),
  options: FieldOptions = {},
): PropertyDecorator {
  const known =
    typeof allowed === 'function' ? allowed : (value: unknown) => isString(value) && allowed.includes(value);
  return field(options, [{ name: 'in', test: known, message: messages.in }]);
}

export function CountryField(options: FieldOptions = {}): PropertyDecorator {
  return field(options, [
    { name: 'string', test: isString, message: messages.string },
    { name: 'country', test: isCountryCode, message: messages.country },
  ]);
}

export function DateField(options: FieldOptions & { formatMessage?: string } = {}): PropertyDecorator {
  return field(options, [
    { name: 'string', test: isString, message: messages.string },
    { name: 'date_format', test: isDateYmd, message: options.formatMessage ?? messages.date },
  ]);
}

export function TimeField(options: FieldOptions = {}): PropertyDecorator {
  return field(options, [
    { name: 'string', test: isString, message: messages.string },
    { name: 'time_format', test: isTimeHi, message: messages.time },
  ]);
}

/** Digits only, no spaces or signs ("special characters are avoided"). */
export function DigitsField(min: number, max: number, options: FieldOptions = {}): PropertyDecorator {
  return field(options, [
    { name: 'string', test: isString, message: messages.string },
    {
      name: 'digits_between',
      test: (value) => isDigitsBetween(value, min, max),
      message: messages.digitsBetween(min, max),
    },
  ]);
}

export function EmailField(options: FieldOptions = {}): PropertyDecorator {
  return field(options, [
    ...stringChecks(DEFAULT_MAX_LENGTH),
    // isEmail throws on text that is not well-formed Unicode; such text is no email address.
    {
      name: 'email',
      test: (value) => isString(value) && isWellFormed(value) && isEmail(value),
      message: messages.email,
    },
  ]);
}
