import { ValidateBy, type ValidationArguments, ValidateIf } from 'class-validator';
import { isBlank } from './formats';
import { messages } from './messages';

/**
 * - required: absent, null or a blank string (and an empty list, for list fields) fails with the
 *   required message;
 * - optional: absent or null skips every other rule;
 * - prohibited: any value but absent or null fails with the prohibited message;
 * - defaulted: the class initialises the field, so only an explicit null reaches the rules
 *   (and fails the type rule, as a wrong type would).
 */
export type Presence = 'required' | 'optional' | 'prohibited' | 'defaulted';

/** The object that holds the field being validated. */
export type Owner = Readonly<Record<string, unknown>>;

export interface Check {
  /** Constraint name; unique among the checks of one field. */
  name: string;
  test: (value: unknown, owner: Owner) => boolean;
  message: string | ((owner: Owner) => string);
}

export interface FieldOptions {
  presence?: Presence | ((owner: Owner) => Presence);
  requiredMessage?: string;
  prohibitedMessage?: string;
  /**
   * When a presence that depends on siblings makes the field required (or refuses it), in words
   * for the API description; without it the description is read off requiredMessage.
   */
  condition?: string;
  /** Rules after the type rules, typically comparing the value with a sibling field. */
  checks?: readonly Check[];
}

const ownerOf = (args?: ValidationArguments): Owner => (args?.object ?? {}) as Owner;

function checkDecorator(check: Check): PropertyDecorator {
  return ValidateBy(
    {
      name: check.name,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => check.test(value, ownerOf(args)),
      },
    },
    {
      message: (args: ValidationArguments) =>
        typeof check.message === 'string' ? check.message : check.message(ownerOf(args)),
    },
  );
}

/**
 * One decorator per field: presence (judged by `isAbsent`), then type rules, then sibling checks,
 * then `extra` (transforms, nested validation). Validation stops at a field's first failing rule,
 * so this order is the order in which a caller meets the messages, one at a time.
 */
export function field(
  options: FieldOptions,
  typeChecks: readonly Check[],
  extra: readonly PropertyDecorator[] = [],
  isAbsent: (value: unknown) => boolean = isBlank,
): PropertyDecorator {
  const { presence = 'required' } = options;
  const presenceOf = (owner: Owner): Presence =>
    typeof presence === 'function' ? presence(owner) : presence;
  const decorators = [
    ValidateIf((owner: Owner, value: unknown) => {
      const mode = presenceOf(owner);
      return mode === 'required' || mode === 'defaulted' || (value !== undefined && value !== null);
    }),
    checkDecorator({
      name: 'presence',
      test: (value, owner) => {
        const mode = presenceOf(owner);
        if (mode === 'required') return !isAbsent(value);
        return mode !== 'prohibited';
      },
      message: (owner) =>
        presenceOf(owner) === 'prohibited'
          ? (options.prohibitedMessage ?? messages.prohibited)
          : (options.requiredMessage ?? messages.required),
    }),
    ...[...typeChecks, ...(options.checks ?? [])].map(checkDecorator),
    ...extra,
  ];
  return (target, key) => decorators.forEach((decorator) => decorator(target, key));
}
