import { WEBHOOK_EVENT_TYPES } from '@shipping/contracts-core';
import { documented, field, type FieldOptions, isString, messages } from '../../validation';

const KNOWN: readonly string[] = WEBHOOK_EVENT_TYPES;
/** Room for every type, repeats included, and no more: the 422 names each unknown one. */
export const MAX_WEBHOOK_EVENTS = 16;

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

const unknownTypes = (value: unknown): string[] =>
  isStringList(value) ? [...new Set(value.filter((type) => !KNOWN.includes(type)))] : [];

export const unknownEventTypesMessage = (unknown: readonly string[]) =>
  `The :attribute field has unknown event types: ${unknown.join(', ')}. Known types: ${KNOWN.join(', ')}.`;

/** A non-empty list of event types; the message names every unknown one. */
export function WebhookEventsField(options: FieldOptions = {}): PropertyDecorator {
  const schema = {
    type: 'string',
    enum: [...KNOWN],
    isArray: true,
    minItems: 1,
    maxItems: MAX_WEBHOOK_EVENTS,
  };
  return documented(
    options,
    schema,
    field(options, [
      {
        name: 'event_types',
        test: (value) => isStringList(value) && value.length > 0,
        message: 'The :attribute field must be a non-empty array of event types.',
      },
      {
        name: 'max_items',
        test: (value) => Array.isArray(value) && value.length <= MAX_WEBHOOK_EVENTS,
        message: messages.maxItems(MAX_WEBHOOK_EVENTS),
      },
      {
        name: 'known_event_types',
        test: (value) => unknownTypes(value).length === 0,
        message: (owner) => unknownEventTypesMessage(unknownTypes(owner['events'])),
      },
    ]),
  );
}
