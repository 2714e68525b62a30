import type { WebhookEventType } from '@shipping/contracts-core';
import { isString, StringField } from '../../validation';
import { WebhookEventsField } from './webhook-events-field';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** An absolute http(s) URL with a host; credentials in the URL are refused (they would be sent on every delivery). */
export function isWebhookUrl(value: unknown): boolean {
  if (!isString(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

const URL_RULES = {
  max: MAX_WEBHOOK_URL_LENGTH,
  checks: [{ name: 'url', test: isWebhookUrl, message: 'The :attribute must be a valid http or https URL.' }],
};

/** `POST /webhooks`: an endpoint that receives the account's events (`shipment.shipped` without `events`). */
export class RegisterWebhookRequest {
  @StringField(URL_RULES)
  url!: string;

  @WebhookEventsField({ presence: 'optional' })
  events?: WebhookEventType[];
}

/** `PATCH /webhooks/{id}`: a new URL, new event types, or both. */
export class UpdateWebhookRequest {
  @StringField({
    ...URL_RULES,
    presence: (owner) =>
      owner['events'] === undefined || owner['events'] === null ? 'required' : 'optional',
    requiredMessage: 'The :attribute field is required when events is not present.',
  })
  url?: string;

  @WebhookEventsField({ presence: 'optional' })
  events?: WebhookEventType[];
}
