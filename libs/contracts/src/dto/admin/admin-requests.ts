import { CARRIER_CODES } from '@shipping/reference-data';
import { parseCents } from '@shipping/contracts-core';
import { plainToInstance, Transform } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import {
  BooleanField,
  documented,
  field,
  InField,
  isObject,
  messages,
  type Owner,
  StringField,
  renderMessage,
  validateRequest,
} from '../../validation';
import type { FieldErrors, KeyMode } from '@shipping/contracts-core';
import { type CarrierCredentials, CREDENTIALS_BY_CARRIER } from './carrier-credentials';

const KEY_MODES: readonly KeyMode[] = ['live', 'test'];

/** The document offers each carrier's credentials: which one applies is the shipper's carrier. */
const CREDENTIALS_TYPES = () => Object.values(CREDENTIALS_BY_CARRIER);

/** `POST /admin/accounts`. */
export class CreateAccountRequest {
  @StringField()
  name!: string;

  @InField(['LBS', 'KG'], { presence: 'defaulted' })
  weight_unit: 'LBS' | 'KG' = 'LBS';

  @InField(['IN', 'CM'], { presence: 'defaulted' })
  length_unit: 'IN' | 'CM' = 'IN';
}

/** `POST /admin/accounts/{id}/api-keys`. */
export class CreateApiKeyRequest {
  @InField(KEY_MODES)
  mode!: 'live' | 'test';
}

/** `POST /admin/accounts/{id}/shippers`: a carrier integration of the account. */
export class CreateShipperRequest {
  @InField(CARRIER_CODES)
  carrier!: string;

  /** true: the account's own carrier account; false: the platform's. */
  @BooleanField()
  own_integration!: boolean;

  @StringField()
  name!: string;

  /** The account's own carrier credentials (usps, ups); never shown again. */
  @CredentialsField()
  credentials?: CarrierCredentials;
}

function credentialsPresence(owner: Owner): 'optional' | 'prohibited' {
  return owner['own_integration'] === true && Object.hasOwn(CREDENTIALS_BY_CARRIER, String(owner['carrier']))
    ? 'optional'
    : 'prohibited';
}

/** The credentials object, validated as the owner's carrier's credentials. */
function CredentialsField(): PropertyDecorator {
  const options = {
    presence: credentialsPresence,
    prohibitedMessage: 'The :attribute field is accepted only with own_integration for usps or ups.',
  };
  return documented(
    options,
    {
      anyOfTypes: CREDENTIALS_TYPES,
      description: 'usps or ups credentials: see "Connecting a USPS or UPS account".',
    },
    field(
      options,
      [{ name: 'object', test: isObject, message: messages.object }],
      [
        Transform(({ value, obj }) => {
          const type = CREDENTIALS_BY_CARRIER[String((obj as Owner)['carrier'])];
          return type && isObject(value) ? plainToInstance(type, value) : value;
        }),
        ValidateNested({ message: messages.object }),
      ],
    ),
  );
}

/**
 * `PUT /admin/accounts/{id}/shippers/{shipper_id}/credentials`: the shipper's carrier decides which
 * fields `credentials` must hold (validateCredentials).
 */
export class ReplaceCredentialsRequest {
  @RawObjectField('The credentials of the shipper\'s carrier: see "Connecting a USPS or UPS account".')
  credentials!: Record<string, unknown>;
}

/** A required JSON object whose fields are validated by the caller, as its carrier's credentials. */
function RawObjectField(description: string): PropertyDecorator {
  return documented(
    {},
    { anyOfTypes: CREDENTIALS_TYPES, description },
    field({}, [{ name: 'object', test: isObject, message: messages.object }]),
  );
}

/**
 * Credentials as the carrier's request class validates them, errors at `credentials.<field>`;
 * a message names the field, never its value.
 */
export function validateCredentials(
  carrier: string,
  credentials: unknown,
): { ok: true; value: CarrierCredentials } | { ok: false; errors: FieldErrors } {
  const type = CREDENTIALS_BY_CARRIER[carrier];
  if (!type) return { ok: false, errors: { credentials: [`A ${carrier} shipper takes no credentials.`] } };
  if (!isObject(credentials))
    return { ok: false, errors: { credentials: [renderMessage(messages.object, 'credentials')] } };
  const result = validateRequest(type, credentials);
  if (result.ok) return result;
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(result.errors).map(([path, list]) => [
        `credentials.${path}`,
        list.map((message) => message.replaceAll(`The ${path} `, `The credentials.${path} `)),
      ]),
    ),
  };
}

/** A decimal string of whole cents ("250", "250.5", "250.00") whose value is above zero. */
export function isPositiveAmount(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return parseCents(value) > 0;
  } catch {
    return false;
  }
}

/** `POST /admin/accounts/{id}/credit`. */
export class AddCreditRequest {
  @StringField({
    max: 16,
    checks: [
      {
        name: 'positive_amount',
        test: isPositiveAmount,
        message:
          'The :attribute must be a decimal amount above zero with at most two decimals, such as "250.00".',
      },
    ],
  })
  amount!: string;

  @StringField()
  reference!: string;

  /** The ledger the credit goes to (decision 101): an admin request has no key mode of its own. */
  @InField(KEY_MODES, { presence: 'defaulted' })
  mode: KeyMode = 'test';
}
