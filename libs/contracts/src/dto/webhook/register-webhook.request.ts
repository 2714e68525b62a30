import { isString, StringField } from '../../validation';

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

/** `POST /webhooks`: an endpoint that receives the account's events. */
export class RegisterWebhookRequest {
  @StringField({
    max: MAX_WEBHOOK_URL_LENGTH,
    checks: [
      { name: 'url', test: isWebhookUrl, message: 'The :attribute must be a valid http or https URL.' },
    ],
  })
  url!: string;
}
