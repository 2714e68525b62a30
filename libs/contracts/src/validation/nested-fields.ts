import { plainToInstance, Transform } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { documented } from './api-schema';
import { field, type FieldOptions } from './field';
import { isBlankList, isObject } from './formats';
import { messages } from './messages';

type Constructor = new () => object;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * Only JSON objects become DTO instances; an array or a string stays what it is and fails the
 * `object` rule at its own path instead of being validated as if it were an object.
 */
export function ObjectField(
  type: () => Constructor,
  options: FieldOptions & {
    /** A sibling that takes priority: when it is sent (not null), this field is neither read nor validated. */
    ignoredBeside?: string;
  } = {},
): PropertyDecorator {
  const { ignoredBeside } = options;
  const ignored = (owner: Record<string, unknown>) =>
    ignoredBeside !== undefined && owner[ignoredBeside] !== undefined && owner[ignoredBeside] !== null;
  return documented(
    options,
    {
      type: () => type(),
      ...(ignoredBeside
        ? {
            description: `Neither read nor validated when \`${ignoredBeside}\` is sent: it takes priority.`,
            'x-ignored-beside': ignoredBeside,
          }
        : {}),
    },
    field(
      options,
      [{ name: 'object', test: isObject, message: messages.object }],
      [
        Transform(({ value, obj, options: transformOptions }) => {
          if (ignored(obj)) return undefined;
          return isPlainObject(value) ? plainToInstance(type(), value, transformOptions) : value;
        }),
        ValidateNested({ message: messages.object }),
      ],
    ),
  );
}

/** An array of objects, at most `max` long; each element is validated at `<field>.<index>`. */
export function ListField(
  type: () => Constructor,
  options: FieldOptions & { max: number },
): PropertyDecorator {
  const { max } = options;
  return documented(
    options,
    { type: () => type(), isArray: true, maxItems: max },
    field(
      options,
      [
        { name: 'array', test: Array.isArray, message: messages.array },
        {
          name: 'max_items',
          test: (value) => Array.isArray(value) && value.length <= max,
          message: messages.maxItems(max),
        },
      ],
      [
        Transform(({ value, options: transformOptions }) =>
          Array.isArray(value)
            ? value.map((element) =>
                isPlainObject(element)
                  ? plainToInstance(type(), element, transformOptions)
                  : // ValidateNested walks a nested array as a list of its own, so `[[]]` would
                    // pass unchecked: as null it fails the `object` rule at its index.
                    Array.isArray(element)
                    ? null
                    : element,
              )
            : value,
        ),
        ValidateNested({ message: messages.object }),
      ],
      isBlankList,
    ),
  );
}
